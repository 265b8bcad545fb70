// A fixed team of threads that run one job per lane and meet at a barrier:
// the calling thread is lane 0, workers are lanes 1..N-1. Used by Network to
// evaluate one cycle's active components in parallel (see network.h for why
// the result does not depend on the number of lanes). A waiting thread spins
// briefly (a cycle's hand-off then costs about a microsecond when the cores
// are free) and then yields, then sleeps on a condition variable, so more lanes than free
// cores cost time slices, not a core spinning for nothing.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include <wormsim/core/lane_owned.h>

namespace wormsim {

class WorkerPool {
 public:
  /// `lanes` >= 2: starts lanes - 1 worker threads.
  explicit WorkerPool(unsigned lanes);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  unsigned lanes() const { return lanes_; }

  /// Runs job(lane) for every lane, lane 0 on the calling thread, and
  /// returns when all have finished. Everything written by a lane's job is
  /// visible to the caller afterwards. If jobs throw, every lane still
  /// finishes, and then the exception of the lowest such lane is rethrown.
  void run(const std::function<void(unsigned)>& job);
  /// Runs body(lane, begin, end) on every lane, lane k with the k-th of
  /// lanes() contiguous blocks of [0, count) (some may be empty), as run().
  void run_blocks(std::size_t count, const std::function<void(unsigned, std::size_t, std::size_t)>& body);

 private:
  void worker(unsigned lane);
  /// Returns when ready() holds: spins, then sleeps until wake_all().
  template <typename Ready>
  void wait_until(Ready ready);
  /// Wakes the sleepers of wait_until() after the state they wait on changed.
  void wake_all();

  unsigned lanes_;
  const std::function<void(unsigned)>* job_ = nullptr;
  std::atomic<bool> stop_{false};
  /// The workers wait on the epoch and the caller on the count of lanes
  /// done, which every worker adds to: on lines of their own, so that a
  /// lane finishing does not take the epoch's line from the lanes waiting.
  alignas(kLaneLine) std::atomic<std::uint64_t> epoch_{0};
  alignas(kLaneLine) std::atomic<unsigned> done_{0};
  alignas(kLaneLine) std::atomic<unsigned> sleepers_{0};
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<std::thread> threads_;
  std::vector<std::exception_ptr> errors_;  ///< per lane: what its job threw in this run()
};

/// run_blocks() on a pool of `threads` lanes started for it; with one thread
/// (or fewer than two items) body(0, 0, count) on the calling thread. For
/// set-up work whose result must not depend on the thread count: each block
/// writes its own part, and the caller merges per-lane results in lane order.
void run_blocks(unsigned threads, std::size_t count,
                const std::function<void(unsigned, std::size_t, std::size_t)>& body);

/// The number of lanes `--threads auto` asks for: the cores this process may
/// use (at least 1).
unsigned available_cores();

}  // namespace wormsim
