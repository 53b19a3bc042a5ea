// Preloaded into the server under test (LD_PRELOAD) to count the password hashes and checks it really
// performs: the old server leaves no trace of a check whose connection had already gone. Each call is
// passed to libsodium unchanged; the counts go to a small file the benchmark names in
// DW_BENCH_CHECK_COUNTS, shared between the processes by mmap.
#include <dlfcn.h>
#include <fcntl.h>
#include <sodium.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>

#include "bench/support/check_counts.hpp"

namespace {

dw::bench::check_counts* counts() {
  // Mapped on first use (a thread-safe static); if anything fails, nothing is counted.
  static dw::bench::check_counts* mapped = [] {
    const char* path = std::getenv("DW_BENCH_CHECK_COUNTS");
    if (path == nullptr) {
      return static_cast<dw::bench::check_counts*>(nullptr);
    }
    const int fd = ::open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
      return static_cast<dw::bench::check_counts*>(nullptr);
    }
    void* p = ::mmap(nullptr, sizeof(dw::bench::check_counts), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    ::close(fd);
    return p == MAP_FAILED ? nullptr : static_cast<dw::bench::check_counts*>(p);
  }();
  return mapped;
}

template <typename F>
F next(const char* name) {
  return reinterpret_cast<F>(::dlsym(RTLD_NEXT, name));
}

}  // namespace

extern "C" int crypto_pwhash_str_verify(const char* str, const char* const passwd, unsigned long long passwdlen) {
  using fn = int (*)(const char*, const char*, unsigned long long);
  static const fn real = next<fn>("crypto_pwhash_str_verify");
  dw::bench::check_counts* c = counts();
  if (c != nullptr) {
    c->verify_started.fetch_add(1);
  }
  const int result = real(str, passwd, passwdlen);
  if (c != nullptr) {
    c->verify_finished.fetch_add(1);
  }
  return result;
}

extern "C" int crypto_pwhash_str(char out[crypto_pwhash_STRBYTES], const char* const passwd,
                                 unsigned long long passwdlen, unsigned long long opslimit, size_t memlimit) {
  using fn = int (*)(char*, const char*, unsigned long long, unsigned long long, size_t);
  static const fn real = next<fn>("crypto_pwhash_str");
  dw::bench::check_counts* c = counts();
  const int result = real(out, passwd, passwdlen, opslimit, memlimit);
  if (c != nullptr) {
    c->hashes_finished.fetch_add(1);
  }
  return result;
}
