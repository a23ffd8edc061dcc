// kernelc.hpp: header-only C++ wrapper over kernelc.h (work in progress).
#ifndef KERNELC_HPP
#define KERNELC_HPP
#include <kernelc.h>
#endif
