// Scoreboard: proves that every packet created is delivered exactly once, at
// its destination, every flit in order, all flits of a packet on the same
// ejection channel and VC. A multi-destination worm counts as one delivery
// per destination, each checked the same way. It runs in every simulation. A violation is a
// model bug and throws ScoreboardError with the packet, flit and node.
#pragma once
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <unordered_map>
#include <vector>

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
  /// A worm: one expected delivery per destination (packet.dst is ignored).
  /// skipped[k]: flits right behind the head that the copy for
  /// destinations[k] no longer carries (list worms' consumed address flits;
  /// empty = none).
  void on_created(const Packet& packet, const std::vector<NodeId>& destinations,
                  const std::vector<unsigned>& skipped = {});
  void on_delivered(const Flit& flit, NodeId node, unsigned channel, Cycle cycle) override;

  std::uint64_t created_packets() const { return created_packets_; }
  std::uint64_t created_flits() const { return created_flits_; }
  std::uint64_t delivered_packets() const { return delivered_packets_; }
  std::uint64_t delivered_flits() const { return delivered_flits_; }
  std::size_t outstanding_packets() const { return open_.size(); }

  /// Moves each open delivery at a node n for which `to(n)` names another
  /// board to that board, with the flits delivered so far (the counts stay:
  /// they are added over boards).
  void hand_over(const std::function<Scoreboard*(NodeId)>& to);

 private:
  struct Open {
    Packet packet;
    unsigned next_seq = 0;
    unsigned skip = 0;  ///< flits behind the head this copy does not carry
    unsigned channel = 0;
    VcId vc = 0;
  };
  struct Key {
    std::uint64_t packet;
    NodeId node;
    bool operator==(const Key& o) const { return packet == o.packet && node == o.node; }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      return std::hash<std::uint64_t>()(k.packet * 0x9E3779B97F4A7C15ull ^ k.node);
    }
  };
  using OpenMap = std::unordered_map<Key, Open, KeyHash>;
  /// The delivery a node's last flit belonged to (direct-mapped by node id;
  /// the full key is compared): a packet's other flits skip the hash lookup.
  struct Recent {
    std::uint64_t packet = 0;
    NodeId node = 0;
    Open* open = nullptr;  ///< null: empty (cleared when its delivery completes)
  };
  static constexpr std::size_t kRecent = 1024;
  /// The map entry of (packet, node), through recent_; throws if none is open.
  Open& open_delivery(const Flit& f, NodeId node, Cycle cycle);

  OpenMap open_;
  std::vector<Recent> recent_ = std::vector<Recent>(kRecent);
  /// Entries of completed deliveries, reused by the next packets (no
  /// allocation per packet).
  std::vector<OpenMap::node_type> spare_;
  CompletionHandler on_complete_;
  std::uint64_t created_packets_ = 0, created_flits_ = 0;
  std::uint64_t delivered_packets_ = 0, delivered_flits_ = 0;
};

}  // namespace wormsim
