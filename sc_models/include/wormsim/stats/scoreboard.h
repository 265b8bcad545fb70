// Scoreboard: proves that every packet created is delivered exactly once, at
// its destination, every flit in order, all flits of a packet on the same
// ejection channel and VC. It runs in every simulation. A violation is a
// model bug and throws ScoreboardError with the packet, flit and node.
#pragma once
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <unordered_map>

#include <wormsim/ni/packet.h>

namespace wormsim {

class ScoreboardError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

class Scoreboard : public DeliveryObserver {
 public:
  using CompletionHandler = std::function<void(const Packet&, Cycle delivered)>;

  void set_completion_handler(CompletionHandler h) { on_complete_ = std::move(h); }

  void on_created(const Packet& packet);
  void on_delivered(const Flit& flit, NodeId node, unsigned channel, Cycle cycle) override;

  std::uint64_t created_packets() const { return created_packets_; }
  std::uint64_t created_flits() const { return created_flits_; }
  std::uint64_t delivered_packets() const { return delivered_packets_; }
  std::uint64_t delivered_flits() const { return delivered_flits_; }
  std::size_t outstanding_packets() const { return open_.size(); }

 private:
  struct Open {
    Packet packet;
    unsigned next_seq = 0;
    unsigned channel = 0;
    VcId vc = 0;
  };
  std::unordered_map<std::uint64_t, Open> open_;
  CompletionHandler on_complete_;
  std::uint64_t created_packets_ = 0, created_flits_ = 0;
  std::uint64_t delivered_packets_ = 0, delivered_flits_ = 0;
};

}  // namespace wormsim
