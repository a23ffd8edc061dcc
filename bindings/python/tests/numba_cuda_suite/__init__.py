"""numba-cuda's own cudapy tests, ported to kernelc (see README.md)."""
