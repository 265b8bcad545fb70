#include <wormsim/network/worker_pool.h>

#include <sched.h>

namespace wormsim {

namespace {

/// Waits until `ready()` holds: a short spin, then yielding the core.
template <typename Ready>
void wait_until(Ready ready) {
  for (unsigned spins = 0; !ready(); ++spins) {
    if (spins > 4000) std::this_thread::yield();
  }
}

}  // namespace

WorkerPool::WorkerPool(unsigned lanes) : lanes_(lanes) {
  threads_.reserve(lanes - 1);
  for (unsigned lane = 1; lane < lanes; ++lane) threads_.emplace_back([this, lane] { worker(lane); });
}

WorkerPool::~WorkerPool() {
  stop_.store(true, std::memory_order_relaxed);
  epoch_.fetch_add(1, std::memory_order_release);
  for (auto& t : threads_) t.join();
}

void WorkerPool::run(const std::function<void(unsigned)>& job) {
  job_ = &job;
  done_.store(0, std::memory_order_relaxed);
  epoch_.fetch_add(1, std::memory_order_release);
  job(0);
  wait_until([this] { return done_.load(std::memory_order_acquire) == lanes_ - 1; });
}

void WorkerPool::worker(unsigned lane) {
  std::uint64_t seen = 0;
  for (;;) {
    wait_until([&] { return epoch_.load(std::memory_order_acquire) != seen; });
    seen = epoch_.load(std::memory_order_acquire);
    if (stop_.load(std::memory_order_relaxed)) return;
    (*job_)(lane);
    done_.fetch_add(1, std::memory_order_release);
  }
}

unsigned available_cores() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    const int n = CPU_COUNT(&set);
    if (n > 0) return static_cast<unsigned>(n);
  }
  const unsigned hw = std::thread::hardware_concurrency();
  return hw ? hw : 1;
}

}  // namespace wormsim
