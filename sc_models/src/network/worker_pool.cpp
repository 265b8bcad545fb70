#include <wormsim/network/worker_pool.h>

#include <sched.h>

#include <algorithm>
#include <chrono>

namespace wormsim {

template <typename Ready>
void WorkerPool::wait_until(Ready ready) {
  for (unsigned spins = 0; spins < 2000; ++spins)
    if (ready()) return;
  // Then yield the core to anything else runnable, for up to 2 ms (longer
  // than the serial part of a large fabric's cycle), before sleeping.
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(2);
  for (unsigned spins = 0;; ++spins) {
    if (ready()) return;
    std::this_thread::yield();
    if (spins % 64 == 63 && std::chrono::steady_clock::now() > until) break;
  }
  std::unique_lock<std::mutex> lock(mutex_);
  sleepers_.fetch_add(1);
  while (!ready()) cv_.wait(lock);
  sleepers_.fetch_sub(1);
}

void WorkerPool::wake_all() {
  if (sleepers_.load() == 0) return;
  { std::lock_guard<std::mutex> lock(mutex_); }
  cv_.notify_all();
}

WorkerPool::WorkerPool(unsigned lanes) : lanes_(lanes), errors_(lanes) {
  threads_.reserve(lanes - 1);
  for (unsigned lane = 1; lane < lanes; ++lane) threads_.emplace_back([this, lane] { worker(lane); });
}

WorkerPool::~WorkerPool() {
  stop_.store(true);
  epoch_.fetch_add(1);
  wake_all();
  for (auto& t : threads_) t.join();
}

void WorkerPool::run(const std::function<void(unsigned)>& job) {
  job_ = &job;
  done_.store(0);
  epoch_.fetch_add(1);
  wake_all();
  try {
    job(0);
  } catch (...) {
    errors_[0] = std::current_exception();
  }
  wait_until([this] { return done_.load() == lanes_ - 1; });
  for (std::exception_ptr& e : errors_)
    if (e) {
      const std::exception_ptr first = e;
      for (std::exception_ptr& other : errors_) other = nullptr;
      std::rethrow_exception(first);
    }
}

void WorkerPool::run_blocks(std::size_t count,
                            const std::function<void(unsigned, std::size_t, std::size_t)>& body) {
  run([&](unsigned lane) { body(lane, count * lane / lanes_, count * (lane + 1) / lanes_); });
}

void run_blocks(unsigned threads, std::size_t count,
                const std::function<void(unsigned, std::size_t, std::size_t)>& body) {
  const unsigned lanes = static_cast<unsigned>(std::min<std::size_t>(threads, count));
  if (lanes <= 1) {
    body(0, 0, count);
    return;
  }
  WorkerPool(lanes).run_blocks(count, body);
}

void WorkerPool::worker(unsigned lane) {
  std::uint64_t seen = 0;
  for (;;) {
    wait_until([&] { return epoch_.load() != seen; });
    seen = epoch_.load();
    if (stop_.load()) return;
    try {
      (*job_)(lane);
    } catch (...) {
      errors_[lane] = std::current_exception();
    }
    if (done_.fetch_add(1) + 2 == lanes_) wake_all();  // the last lane wakes the caller
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
