// The C++ wrapper: RAII handles, move-only types, exceptions that carry the
// status and the rendered diagnostics.
#include <kernelc.hpp>

#include <cstdio>
#include <cstdlib>
#include <type_traits>

#define EXPECT(cond)                                                             \
    do {                                                                         \
        if (!(cond)) {                                                           \
            std::fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond); \
            std::exit(1);                                                        \
        }                                                                        \
    } while (0)

static_assert(!std::is_copy_constructible_v<kc::Module>, "handles are move-only");
static_assert(std::is_nothrow_move_constructible_v<kc::Device>, "handles move");
static_assert(!std::is_copy_assignable_v<kc::Buffer>, "handles are move-only");

static const char *SAXPY = R"py(from numba import cuda

@cuda.jit("void(float32, float32[::1], float32[::1])")
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = a * x[i] + y[i]
)py";

int main() {
    kc::Options options;
    options.arch("sm_75").opt_level(2).keep_texts();
    kc::Module module = kc::Module::compile(SAXPY, "saxpy.py", &options);
    EXPECT(module.ptx().find(".target sm_75") != std::string::npos);
    EXPECT(module.kernels() == std::vector<std::string>{"saxpy"});
    auto params = module.params("saxpy");
    EXPECT(params.size() == 3 && params[2].written && !params[1].written);
    EXPECT(params[0].kind == KC_PARAM_SCALAR && params[1].dtype == KC_DTYPE_FLOAT32);

    kc::Device device = kc::Device::open(KC_DEVICE_CPU, 2);
    EXPECT(device.properties().kind == KC_DEVICE_CPU);
    kc::LoadedModule loaded(module, device);
    kc::Module moved = std::move(module);  // the loaded module does not depend on it

    // Host arrays.
    std::vector<float> x(100), y(100);
    for (int i = 0; i < 100; i++) { x[i] = float(i); y[i] = 1.0f; }
    loaded.launch("saxpy", kc::dim(1), kc::dim(128), {kc::scalar(2.0f), kc::host(x), kc::host(y)});
    EXPECT(y[99] == 199.0f);
    // A time limit too short for any launch, then none; an interrupt with
    // nothing running stops no later launch.
    device.set_timeout(1e-9);
    bool timed_out = false;
    try {
        loaded.launch("saxpy", kc::dim(1), kc::dim(128), {kc::scalar(2.0f), kc::host(x), kc::host(y)});
    } catch (const kc::Error &e) {
        timed_out = e.status() == KC_ERROR_TIMEOUT;
    }
    EXPECT(timed_out && y[99] == 199.0f);
    device.set_timeout(0);
    device.interrupt();
    loaded.launch("saxpy", kc::dim(1), kc::dim(128), {kc::scalar(0.0f), kc::host(x), kc::host(y)});
    EXPECT(y[99] == 199.0f);

    // A device array the kernel reads and writes by its global name: the
    // kernel's hidden last parameter.
    {
        kc::Options g;
        g.global_array("ACC", "float32[::1]");
        kc::Module gm = kc::Module::compile(
            "from numba import cuda\n"
            "@cuda.jit('void(float32[::1])')\n"
            "def acc(x):\n"
            "    i = cuda.grid(1)\n"
            "    if i < x.size:\n"
            "        ACC[i] += x[i]\n",
            "acc.py", &g);
        auto gp = gm.params("acc");
        EXPECT(gp.size() == 2 && gp[1].name == "global ACC" && gp[1].written);
        kc::LoadedModule gl(gm, device);
        std::vector<float> acc(100, 0.5f);
        gl.launch("acc", kc::dim(1), kc::dim(128), {kc::host(x), kc::host(acc)});
        EXPECT(acc[99] == 99.5f);
    }

    // Device buffers, a stream and events.
    kc::Buffer bx(device, 100 * sizeof(float)), by(device, 100 * sizeof(float));
    kc::Stream stream(device);
    kc::Event start(device), stop(device);
    start.record(&stream);
    bx.write(x);
    by.write(y);
    loaded.launch("saxpy", kc::dim(4), kc::dim(32),
                  {kc::scalar(-1.0f), kc::array<float>(bx, {100}), kc::array<float>(by, {100})}, 0, &stream);
    stop.record(&stream);
    stream.synchronize();
    by.read(y);
    EXPECT(y[10] == 11.0f);
    EXPECT(kc::Event::elapsed_ms(start, stop) >= 0.0f);

    // Interop: addresses, device-to-device copies, raw device pointers,
    // strides, the compiler's texts and memory info.
    kc::Buffer bz(device, 100 * sizeof(float));
    bz.copy_from(by, 50 * sizeof(float), 0, 50 * sizeof(float));  // bz[0:50] = by[50:100]
    EXPECT(bz.address() != 0 && bz.address() != by.address());
    loaded.launch("saxpy", kc::dim(1), kc::dim(64),
                  {kc::scalar(1.0f), kc::device_ptr<float>(bx.address() + 50 * sizeof(float), {50}),
                   kc::device_ptr<float>(bz.address(), {50})});
    std::vector<float> z(100);
    bz.read(z);
    EXPECT(z[0] == y[50] + x[50] && z[49] == y[99] + x[99] && z[50] == 0.0f);
    kc_arg reversed = kc::strided(kc::device_ptr<float>(bx.address() + 99 * sizeof(float), {100}), {-4});
    EXPECT(reversed.flags == 0 && reversed.strides[0] == -4);
    EXPECT(moved.types_text().find("saxpy") != std::string::npos);
    EXPECT(moved.ir_text().find("saxpy") != std::string::npos);
    auto mem = device.memory_info();
    EXPECT(mem.second > 0 && mem.first <= mem.second);

    // Errors are exceptions with the status, the message and diagnostics.
    try {
        kc::Module::compile("from numba import cuda\n@cuda.jit('void(int32[::1])')\ndef k(a):\n    a[0] = b\n",
                            "bad.py");
        EXPECT(false);
    } catch (const kc::Error &e) {
        EXPECT(e.status() == KC_ERROR_COMPILE);
        EXPECT(e.diagnostics().find("bad.py:4:12") != std::string::npos);
        std::printf("compile error, as expected:\n%s", e.diagnostics().c_str());
    }
    try {
        loaded.launch("saxpy", kc::dim(1), kc::dim(2048), {kc::scalar(1.0f), kc::host(x), kc::host(y)});
        EXPECT(false);
    } catch (const kc::Error &e) {
        EXPECT(e.status() == KC_ERROR_LAUNCH);
        EXPECT(std::string(e.what()).find("at most 1024") != std::string::npos);
        std::printf("launch error, as expected: %s: %s\n", e.status_name(), e.what());
    }
    std::printf("cpp_wrapper: all checks passed (kernelc %s)\n", kc::version().c_str());
    return 0;
}
