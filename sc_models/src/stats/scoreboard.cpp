#include <wormsim/stats/scoreboard.h>

#include <string>

namespace wormsim {
namespace {

std::string describe(const Flit& f) {
  return "flit " + std::to_string(f.seq) + " of packet " + std::to_string(f.packet) + " (" +
         std::to_string(f.src) + " -> " + std::to_string(f.dst) + ")";
}

}  // namespace

void Scoreboard::on_created(const Packet& p) {
  if (spare_.empty()) {
    open_.emplace(Key{p.id, p.dst}, Open{p, 0, 0, 0, 0});
  } else {
    OpenMap::node_type entry = std::move(spare_.back());
    spare_.pop_back();
    entry.key() = Key{p.id, p.dst};
    entry.mapped() = Open{p, 0, 0, 0, 0};
    open_.insert(std::move(entry));
  }
  ++created_packets_;
  created_flits_ += p.length;
}

void Scoreboard::on_created(const Packet& p, const std::vector<NodeId>& destinations,
                            const std::vector<unsigned>& skipped) {
  for (std::size_t k = 0; k < destinations.size(); ++k) {
    const NodeId d = destinations[k];
    Packet copy = p;
    copy.dst = d;
    if (!open_.emplace(Key{p.id, d}, Open{copy, 0, k < skipped.size() ? skipped[k] : 0u, 0, 0}).second)
      throw ScoreboardError("scoreboard: worm " + std::to_string(p.id) + " names node " +
                            std::to_string(d) + " twice");
  }
  ++created_packets_;
  created_flits_ += p.length;
}

Scoreboard::Open& Scoreboard::open_delivery(const Flit& f, NodeId node, Cycle cycle) {
  Recent& recent = recent_[node & (kRecent - 1)];
  if (recent.open != nullptr && recent.packet == f.packet && recent.node == node) return *recent.open;
  const auto it = open_.find(Key{f.packet, node});
  if (it == open_.end())
    throw ScoreboardError("scoreboard: " + describe(f) + " delivered at node " +
                          std::to_string(node) + " in cycle " + std::to_string(cycle) +
                          " but no delivery of its packet is open there (unknown packet, wrong node or duplicate)");
  recent = Recent{f.packet, node, &it->second};  // map entries never move
  return it->second;
}

void Scoreboard::on_delivered(const Flit& f, NodeId node, unsigned channel, Cycle cycle) {
  Open& o = open_delivery(f, node, cycle);
  if (node != o.packet.dst || f.dst != o.packet.dst || f.src != o.packet.src)
    throw ScoreboardError("scoreboard: " + describe(f) + " delivered at wrong node " +
                          std::to_string(node) + " (expected " + std::to_string(o.packet.dst) +
                          ")");
  if (f.seq != o.next_seq)
    throw ScoreboardError("scoreboard: " + describe(f) + " out of order at node " +
                          std::to_string(node) + ": expected flit " + std::to_string(o.next_seq));
  const FlitType expected = flit_type_for(f.seq, o.packet.length);
  if (f.type != expected)
    throw ScoreboardError("scoreboard: " + describe(f) + " has wrong head/tail marking");
  if (f.seq == 0) {
    o.channel = channel;
    o.vc = f.vc;
    o.next_seq += o.skip;
  } else if (channel != o.channel || f.vc != o.vc) {
    throw ScoreboardError("scoreboard: " + describe(f) + " left its packet's ejection channel/VC");
  }
  ++o.next_seq;
  ++delivered_flits_;
  if (o.next_seq == o.packet.length) {
    const Packet done = o.packet;
    Recent& recent = recent_[node & (kRecent - 1)];
    if (recent.open == &o) recent.open = nullptr;
    spare_.push_back(open_.extract(Key{f.packet, node}));
    ++delivered_packets_;
    if (on_complete_) on_complete_(done, cycle);
  }
}

void Scoreboard::hand_over(const std::function<Scoreboard*(NodeId)>& to) {
  std::vector<std::pair<Key, Scoreboard*>> leaving;
  for (const auto& entry : open_) {
    Scoreboard* board = to(entry.first.node);
    if (board != nullptr && board != this) leaving.emplace_back(entry.first, board);
  }
  if (leaving.empty()) return;
  recent_.assign(kRecent, Recent{});  // the cache may point at what leaves
  for (const auto& [key, board] : leaving) board->open_.insert(open_.extract(key));  // not in board's cache
}

}  // namespace wormsim
