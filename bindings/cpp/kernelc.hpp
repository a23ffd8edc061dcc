// kernelc.hpp: a header-only C++17 wrapper over libkernelc's C API
// (kernelc.h). Every handle is an RAII, move-only object; every failure is
// a kc::Error exception carrying the status, the library's message and,
// for compilations, the rendered diagnostics.
//
//   kc::Module module = kc::Module::compile(source, "k.py");
//   kc::Device device = kc::Device::open(KC_DEVICE_CPU);
//   kc::LoadedModule loaded(module, device);
//   loaded.launch("vector_add", kc::dim(4), kc::dim(256), {kc::host(a), kc::host(b), kc::host(c)});
#ifndef KERNELC_HPP
#define KERNELC_HPP

#include <kernelc.h>

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace kc {

/// A failed call: its status, the library's message (`what()`) and, for a
/// rejected compilation, the rendered diagnostics.
class Error : public std::runtime_error {
public:
    Error(kc_status status, const std::string &message, std::string diagnostics = {})
        : std::runtime_error(message), status_(status), diagnostics_(std::move(diagnostics)) {}
    /// The status the C call returned.
    kc_status status() const noexcept { return status_; }
    /// The status's name, e.g. "KC_ERROR_COMPILE".
    const char *status_name() const noexcept { return kc_status_name(status_); }
    /// The rendered diagnostics of a failed compilation ("" otherwise).
    const std::string &diagnostics() const noexcept { return diagnostics_; }

private:
    kc_status status_;
    std::string diagnostics_;
};

namespace detail {
/// Throws kc::Error for anything but KC_OK.
inline void check(kc_status status) {
    if (status != KC_OK) throw Error(status, kc_last_error_message());
}

/// A unique_ptr that frees a handle with its kc_*_free function.
template <typename T, void (*Free)(T *)>
struct Deleter {
    void operator()(T *p) const noexcept { Free(p); }
};
template <typename T, void (*Free)(T *)>
using Owned = std::unique_ptr<T, Deleter<T, Free>>;
}  // namespace detail

/// The library's version string ("0.1.0").
inline std::string version() { return kc_version(); }

/// The kc_dtype of a C++ arithmetic type.
template <typename T>
constexpr kc_dtype dtype_of() {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_same_v<U, bool>) return KC_DTYPE_BOOL;
    else if constexpr (std::is_same_v<U, float>) return KC_DTYPE_FLOAT32;
    else if constexpr (std::is_same_v<U, double>) return KC_DTYPE_FLOAT64;
    else if constexpr (std::is_integral_v<U> && std::is_signed_v<U>)
        return sizeof(U) == 1 ? KC_DTYPE_INT8 : sizeof(U) == 2 ? KC_DTYPE_INT16
             : sizeof(U) == 4 ? KC_DTYPE_INT32 : KC_DTYPE_INT64;
    else if constexpr (std::is_integral_v<U>)
        return sizeof(U) == 1 ? KC_DTYPE_UINT8 : sizeof(U) == 2 ? KC_DTYPE_UINT16
             : sizeof(U) == 4 ? KC_DTYPE_UINT32 : KC_DTYPE_UINT64;
    else static_assert(std::is_arithmetic_v<U>, "not a kernel scalar type");
}

/// Compile options (see kc_options_* in kernelc.h).
class Options {
public:
    Options() {
        kc_options *p = nullptr;
        detail::check(kc_options_new(&p));
        handle_.reset(p);
    }
    Options &arch(const std::string &sm) { detail::check(kc_options_set_arch(get(), sm.c_str())); return *this; }
    Options &opt_level(int level) { detail::check(kc_options_set_opt_level(get(), level)); return *this; }
    Options &fastmath(bool on = true) { detail::check(kc_options_set_fastmath(get(), on)); return *this; }
    Options &debug(bool on = true) { detail::check(kc_options_set_debug(get(), on)); return *this; }
    Options &lineinfo(bool on = true) { detail::check(kc_options_set_lineinfo(get(), on)); return *this; }
    Options &boundscheck(bool on = true) { detail::check(kc_options_set_boundscheck(get(), on)); return *this; }
    /// Keep the typed program and the IR for Module::types_text() / ir_text().
    Options &keep_texts(bool on = true) { detail::check(kc_options_set_keep_texts(get(), on)); return *this; }
    Options &kernel(const std::string &name) { detail::check(kc_options_set_kernel(get(), name.c_str())); return *this; }
    Options &signature(const std::string &sig) { detail::check(kc_options_set_signature(get(), sig.c_str())); return *this; }
    /// A host-supplied constant array with its contents (C order).
    template <typename T>
    Options &const_array(const std::string &name, const std::vector<int64_t> &shape, const std::vector<T> &data) {
        detail::check(kc_options_add_const_array(get(), name.c_str(), dtype_of<T>(), shape.data(), shape.size(),
                                                 data.data(), data.size() * sizeof(T)));
        return *this;
    }
    /// A device array the kernels read and write by its module-level name,
    /// of the array type `type` ("float32[::1]"): the hidden last
    /// parameters of every kernel ("global NAME"), in declaration order.
    Options &global_array(const std::string &name, const std::string &type) {
        detail::check(kc_options_add_global_array(get(), name.c_str(), type.c_str()));
        return *this;
    }
    kc_options *get() const noexcept { return handle_.get(); }

private:
    detail::Owned<kc_options, kc_options_free> handle_;
};

/// One diagnostic, copied out of kc_diagnostics.
struct Diagnostic {
    kc_severity severity;
    std::string message, file_name, help;
    uint32_t line_start, column_start, line_end, column_end;
};

/// One kernel parameter, copied out of the module.
struct Param {
    std::string name, type_name;
    kc_param_kind kind;
    kc_dtype dtype;
    uint32_t ndim;
    kc_layout layout;
    bool read, written;
};

/// A compiled module: PTX and kernel metadata.
class Module {
public:
    /// Compiles `source`; throws kc::Error (with diagnostics()) when rejected.
    static Module compile(const std::string &source, const std::string &file_name = "<source>",
                          const Options *options = nullptr) {
        kc_module *m = nullptr;
        kc_diagnostics *d = nullptr;
        kc_status s = kc_compile(source.c_str(), file_name.c_str(), options ? options->get() : nullptr, &m, &d);
        detail::Owned<kc_diagnostics, kc_diagnostics_free> diags(d);
        Module module;
        module.handle_.reset(m);
        if (d != nullptr) module.diagnostics_ = read_diagnostics(d);
        if (s != KC_OK) {
            std::string message = kc_last_error_message();
            const char *text = "";
            if (d != nullptr) kc_diagnostics_rendered(d, &text);
            throw Error(s, message, text);
        }
        return module;
    }
    /// The PTX text.
    std::string ptx() const {
        const char *text = nullptr;
        size_t len = 0;
        detail::check(kc_module_ptx(get(), &text, &len));
        return std::string(text, len);
    }
    /// The kernels' names, in source order.
    std::vector<std::string> kernels() const {
        size_t n = 0;
        detail::check(kc_module_kernel_count(get(), &n));
        std::vector<std::string> names;
        for (size_t k = 0; k < n; k++) {
            const char *name = nullptr;
            detail::check(kc_module_kernel_name(get(), k, &name));
            names.emplace_back(name);
        }
        return names;
    }
    /// The parameters of the kernel called `kernel`.
    std::vector<Param> params(const std::string &kernel) const {
        size_t k = 0, n = 0;
        detail::check(kc_module_find_kernel(get(), kernel.c_str(), &k));
        detail::check(kc_module_param_count(get(), k, &n));
        std::vector<Param> params;
        for (size_t p = 0; p < n; p++) {
            kc_param_info i;
            detail::check(kc_module_param_info(get(), k, p, &i));
            params.push_back({i.name, i.type_name, i.kind, i.dtype, i.ndim, i.layout, i.read, i.written});
        }
        return params;
    }
    /// The typed program: each variable's type and every implicit conversion.
    std::string types_text() const {
        const char *text = nullptr;
        size_t len = 0;
        detail::check(kc_module_types_text(get(), &text, &len));
        return std::string(text, len);
    }
    /// The optimised intermediate representation.
    std::string ir_text() const {
        const char *text = nullptr;
        size_t len = 0;
        detail::check(kc_module_ir_text(get(), &text, &len));
        return std::string(text, len);
    }
    /// The compiler's warnings (a module has no errors).
    const std::vector<Diagnostic> &diagnostics() const noexcept { return diagnostics_; }
    kc_module *get() const noexcept { return handle_.get(); }

private:
    Module() = default;
    static std::vector<Diagnostic> read_diagnostics(const kc_diagnostics *d) {
        size_t n = 0;
        detail::check(kc_diagnostics_count(d, &n));
        std::vector<Diagnostic> out;
        for (size_t i = 0; i < n; i++) {
            kc_diagnostic x;
            detail::check(kc_diagnostics_get(d, i, &x));
            out.push_back({x.severity, x.message, x.file_name, x.help ? x.help : "", x.line_start,
                           x.column_start, x.line_end, x.column_end});
        }
        return out;
    }
    detail::Owned<kc_module, kc_module_free> handle_;
    std::vector<Diagnostic> diagnostics_;
};

/// A device (the CPU device, a GPU, or whichever is usable).
class Device {
public:
    /// Opens a device; `workers` and `check` apply to the CPU device.
    static Device open(kc_device_kind kind = KC_DEVICE_AUTO, size_t workers = 0, bool check = false) {
        kc_device_options *o = nullptr;
        detail::check(kc_device_options_new(&o));
        detail::Owned<kc_device_options, kc_device_options_free> opts(o);
        detail::check(kc_device_options_set_workers(o, workers));
        detail::check(kc_device_options_set_check(o, check));
        kc_device *d = nullptr;
        detail::check(kc_device_open(kind, o, &d));
        Device device;
        device.handle_.reset(d);
        return device;
    }
    /// How many devices of `kind` can be opened.
    static size_t count(kc_device_kind kind) {
        size_t n = 0;
        detail::check(kc_device_count(kind, &n));
        return n;
    }
    kc_device_properties properties() const {
        kc_device_properties p;
        detail::check(kc_device_get_properties(get(), &p));
        return p;
    }
    /// Free and total device memory in bytes (see kc_device_memory_info).
    std::pair<uint64_t, uint64_t> memory_info() const {
        uint64_t free_bytes = 0, total = 0;
        detail::check(kc_device_memory_info(get(), &free_bytes, &total));
        return {free_bytes, total};
    }
    void synchronize() const { detail::check(kc_device_synchronize(get())); }
    /// Stops the launches running on the CPU device now (from any thread;
    /// see kc_device_interrupt): they throw kc::Error KC_ERROR_INTERRUPTED.
    void interrupt() const { detail::check(kc_device_interrupt(get())); }
    /// Limits each later launch to `seconds` (0: no limit; see
    /// kc_device_set_timeout): a longer one throws KC_ERROR_TIMEOUT.
    void set_timeout(double seconds) const { detail::check(kc_device_set_timeout(get(), seconds)); }
    kc_device *get() const noexcept { return handle_.get(); }

private:
    Device() = default;
    detail::Owned<kc_device, kc_device_free> handle_;
};

/// An ordered queue of work on a device.
class Stream {
public:
    explicit Stream(const Device &device) {
        kc_stream *s = nullptr;
        detail::check(kc_stream_new(device.get(), &s));
        handle_.reset(s);
    }
    void synchronize() const { detail::check(kc_stream_synchronize(get())); }
    kc_stream *get() const noexcept { return handle_.get(); }

private:
    detail::Owned<kc_stream, kc_stream_free> handle_;
};

/// A marker on a stream, for waiting and timing.
class Event {
public:
    explicit Event(const Device &device) {
        kc_event *e = nullptr;
        detail::check(kc_event_new(device.get(), &e));
        handle_.reset(e);
    }
    void record(const Stream *stream = nullptr) const {
        detail::check(kc_event_record(get(), stream ? stream->get() : nullptr));
    }
    void synchronize() const { detail::check(kc_event_synchronize(get())); }
    /// Milliseconds from `start` to `end`.
    static float elapsed_ms(const Event &start, const Event &end) {
        float ms = 0;
        detail::check(kc_event_elapsed_ms(start.get(), end.get(), &ms));
        return ms;
    }
    kc_event *get() const noexcept { return handle_.get(); }

private:
    detail::Owned<kc_event, kc_event_free> handle_;
};

/// Device memory.
class Buffer {
public:
    Buffer(const Device &device, size_t bytes) {
        kc_buffer *b = nullptr;
        detail::check(kc_buffer_alloc(device.get(), bytes, &b));
        handle_.reset(b);
    }
    size_t size() const {
        size_t n = 0;
        detail::check(kc_buffer_size(get(), &n));
        return n;
    }
    void write(const void *src, size_t bytes, size_t offset = 0, const Stream *stream = nullptr) const {
        detail::check(kc_buffer_write(get(), offset, src, bytes, stream ? stream->get() : nullptr));
    }
    void read(void *dst, size_t bytes, size_t offset = 0, const Stream *stream = nullptr) const {
        detail::check(kc_buffer_read(get(), offset, dst, bytes, stream ? stream->get() : nullptr));
    }
    /// The device address of the buffer's first byte (see kc_buffer_address).
    uint64_t address() const {
        uint64_t a = 0;
        detail::check(kc_buffer_address(get(), &a));
        return a;
    }
    /// Copies `bytes` from `src` at `src_offset` to this buffer at `offset`.
    void copy_from(const Buffer &src, size_t bytes, size_t offset = 0, size_t src_offset = 0,
                   const Stream *stream = nullptr) const {
        detail::check(kc_buffer_copy(get(), offset, src.get(), src_offset, bytes,
                                     stream ? stream->get() : nullptr));
    }
    template <typename T>
    void write(const std::vector<T> &v) const { write(v.data(), v.size() * sizeof(T)); }
    template <typename T>
    void read(std::vector<T> &v) const { read(v.data(), v.size() * sizeof(T)); }
    kc_buffer *get() const noexcept { return handle_.get(); }

private:
    detail::Owned<kc_buffer, kc_buffer_free> handle_;
};

/// Grid or block extents.
inline kc_dim3 dim(uint32_t x, uint32_t y = 1, uint32_t z = 1) { return kc_dim(x, y, z); }

/// A scalar argument of type T.
template <typename T>
kc_arg scalar(T value) {
    constexpr kc_dtype d = dtype_of<T>();
    if constexpr (std::is_floating_point_v<T>) return kc_arg_float(d, static_cast<double>(value));
    else if constexpr (std::is_same_v<T, bool> || std::is_signed_v<T>) return kc_arg_int(d, static_cast<int64_t>(value));
    else return kc_arg_uint(d, static_cast<uint64_t>(value));
}

/// A 1-D host array argument (copied back after the launch when written).
template <typename T>
kc_arg host(std::vector<T> &v) {
    return kc_arg_host_1d(dtype_of<T>(), v.data(), static_cast<int64_t>(v.size()));
}

/// A C-contiguous array of element type T and extents `shape` in `buffer`.
template <typename T>
kc_arg array(const Buffer &buffer, std::initializer_list<int64_t> shape) {
    std::vector<int64_t> s(shape);
    return kc_arg_buffer(dtype_of<T>(), buffer.get(), static_cast<uint32_t>(s.size()), s.data());
}

/// A C-contiguous array of element type T and extents `shape` at device
/// address `address` (memory from Buffer::address() or another CUDA library).
template <typename T>
kc_arg device_ptr(uint64_t address, std::initializer_list<int64_t> shape) {
    std::vector<int64_t> s(shape);
    return kc_arg_device_ptr(dtype_of<T>(), address, static_cast<uint32_t>(s.size()), s.data());
}

/// Array argument `a` with explicit byte strides (negative or zero allowed).
inline kc_arg strided(kc_arg a, std::initializer_list<int64_t> strides) {
    std::vector<int64_t> s(strides);
    s.resize(3, 0);
    return kc_arg_strided(a, s.data());
}

/// A module loaded on a device.
class LoadedModule {
public:
    LoadedModule(const Module &module, const Device &device) {
        kc_loaded_module *l = nullptr;
        detail::check(kc_module_load(module.get(), device.get(), &l));
        handle_.reset(l);
    }
    template <typename T>
    void set_const_array(const std::string &name, const std::vector<T> &data) const {
        detail::check(kc_loaded_module_set_const_array(get(), name.c_str(), data.data(), data.size() * sizeof(T)));
    }
    /// Launches `kernel`; throws kc::Error (KC_ERROR_LAUNCH, …) on failure.
    void launch(const std::string &kernel, kc_dim3 grid, kc_dim3 block, const std::vector<kc_arg> &args,
                uint32_t shared_bytes = 0, const Stream *stream = nullptr) const {
        detail::check(kc_launch(get(), kernel.c_str(), grid, block, shared_bytes,
                                stream ? stream->get() : nullptr, args.data(), args.size()));
    }
    kc_loaded_module *get() const noexcept { return handle_.get(); }

private:
    detail::Owned<kc_loaded_module, kc_loaded_module_free> handle_;
};

}  // namespace kc

#endif  // KERNELC_HPP
