#include <wormsim/stats/scoreboard.h>

#include <string>

namespace wormsim {
namespace {

std::string describe(const Flit& f) {
  return "flit " + std::to_string(f.seq) + " of packet " + std::to_string(f.packet) + " (" +
         std::to_string(f.src) + " -> " + std::to_string(f.dst) + ")";
}

}  // namespace

std::size_t Scoreboard::probe(std::uint64_t packet, NodeId node) const {
  const std::size_t mask = table_.size() - 1;
  for (std::size_t i = home(packet, node);; i = (i + 1) & mask) {
    const Cell& c = table_[i];
    if (c.entry == kNone || (c.packet == packet && c.node == node)) return i;
  }
}

bool Scoreboard::insert(std::uint64_t packet, NodeId node, const Open& open) {
  if (2 * (open_count_ + 1) > table_.size()) grow();
  const std::size_t i = probe(packet, node);
  if (table_[i].entry != kNone) return false;
  std::uint32_t entry;
  if (free_entries_.empty()) {
    entry = static_cast<std::uint32_t>(entries_.size());
    entries_.push_back(open);
  } else {
    entry = free_entries_.back();
    free_entries_.pop_back();
    entries_[entry] = open;
  }
  table_[i] = Cell{packet, node, entry};
  ++open_count_;
  ++table_count_;
  return true;
}

void Scoreboard::erase_cell(std::size_t cell) {
  free_entries_.push_back(table_[cell].entry);
  --open_count_;
  --table_count_;
  const std::size_t mask = table_.size() - 1;
  std::size_t hole = cell;
  for (std::size_t j = (hole + 1) & mask; table_[j].entry != kNone; j = (j + 1) & mask) {
    // A cell may fill the hole if its probe passes the hole on its way to j.
    const std::size_t h = home(table_[j].packet, table_[j].node);
    if (((j - h) & mask) >= ((j - hole) & mask)) {
      table_[hole] = table_[j];
      hole = j;
    }
  }
  table_[hole] = Cell{};
}

void Scoreboard::grow() {
  std::vector<Cell> old(table_.size() * 2);
  old.swap(table_);
  --shift_;
  for (const Cell& c : old)
    if (c.entry != kNone) table_[probe(c.packet, c.node)] = c;
}

bool Scoreboard::open_direct(const Open& o) {
  if (o.packet.worm != 0) return false;
  if (direct_slot(o.packet.id).live) {
    note_direct_miss();
    if (direct_slot(o.packet.id).live) return false;
  }
  Open& slot = direct_slot(o.packet.id);
  slot = o;
  slot.live = true;
  ++open_count_;
  return true;
}

void Scoreboard::note_direct_miss() {
  if (++direct_misses_ < direct_.size() / 4 || direct_.size() >= kDirectMost) return;
  direct_misses_ = 0;
  // Slot i of the old array holds ids equal to i modulo its size: each goes
  // to slot i or i + old size of the new one, which no other takes.
  std::vector<Open> old(direct_.size() * 2);
  old.swap(direct_);
  direct_mask_ = direct_.size() - 1;
  for (const Open& o : old)
    if (o.live) direct_slot(o.packet.id) = o;
}

bool Scoreboard::open(const Open& o) {
  if (o.packet.worm == 0) {  // open already: in its slot, or in the table (its slot was taken then)
    const Open& slot = direct_slot(o.packet.id);
    if (slot.live && slot.packet.id == o.packet.id) return false;
    if (table_count_ != 0 && table_[probe(o.packet.id, o.packet.dst)].entry != kNone) return false;
  }
  return open_direct(o) || insert(o.packet.id, o.packet.dst, o);
}

void Scoreboard::on_created(const Packet& p) {
  count_created(p);
  open_injected(p);
}

void Scoreboard::open_injected(const Packet& p) {
  if (!open(Open{p, 0, 0, 0, 0}))
    throw ScoreboardError("scoreboard: packet " + std::to_string(p.id) + " (" + std::to_string(p.src) + " -> " +
                          std::to_string(p.dst) + ") left its source queue while a delivery of it is open");
  ++opened_later_;
}

void Scoreboard::on_created(const Packet& p, const std::vector<NodeId>& destinations,
                            const std::vector<unsigned>& skipped) {
  for (std::size_t k = 0; k < destinations.size(); ++k) {
    const NodeId d = destinations[k];
    Packet copy = p;
    copy.dst = d;
    // Several deliveries of one id: the table, keyed by id and node.
    if (!insert(p.id, d, Open{copy, 0, k < skipped.size() ? skipped[k] : 0u, 0, 0}))
      throw ScoreboardError("scoreboard: worm " + std::to_string(p.id) + " names node " +
                            std::to_string(d) + " twice");
  }
  ++created_packets_;
  created_flits_ += p.length;
}

Scoreboard::Open& Scoreboard::open_delivery(const Flit& f, NodeId node, Cycle cycle, std::size_t& cell) {
  // A one-flit packet's only flit neither finds nor leaves anything in the
  // cache of recent deliveries (no other flit follows it).
  const bool alone = f.type == FlitType::HeadTail;
  Recent& recent = recent_[node & (kRecent - 1)];
  if (!alone && recent.entry != kNone && recent.packet == f.packet && recent.node == node)
    return entries_[recent.entry];
  cell = probe(f.packet, node);
  const Cell& c = table_[cell];
  if (c.entry == kNone)
    throw ScoreboardError("scoreboard: " + describe(f) + " delivered at node " +
                          std::to_string(node) + " in cycle " + std::to_string(cycle) +
                          " but no delivery of its packet is open there (unknown packet, wrong node or duplicate)");
  if (!alone) recent = Recent{f.packet, node, c.entry};
  return entries_[c.entry];
}

void Scoreboard::reject(const Open& o, const Flit& f, NodeId node) {
  if (node != o.packet.dst || f.dst != o.packet.dst || f.src != o.packet.src)
    throw ScoreboardError("scoreboard: " + describe(f) + " delivered at wrong node " +
                          std::to_string(node) + " (expected " + std::to_string(o.packet.dst) +
                          ")");
  if (f.seq != o.next_seq)
    throw ScoreboardError("scoreboard: " + describe(f) + " out of order at node " +
                          std::to_string(node) + ": expected flit " + std::to_string(o.next_seq));
  if (f.type != flit_type_for(f.seq, o.packet.length))
    throw ScoreboardError("scoreboard: " + describe(f) + " has wrong head/tail marking");
  throw ScoreboardError("scoreboard: " + describe(f) + " left its packet's ejection channel/VC");
}

void Scoreboard::on_delivered_in_table(const Flit& f, NodeId node, unsigned channel, Cycle cycle) {
  std::size_t cell = table_.size();  // not probed yet
  Open& o = open_delivery(f, node, cycle, cell);
  if (!advance(o, f, node, channel)) return;
  const Packet done = o.packet;
  if (f.type != FlitType::HeadTail) {
    Recent& recent = recent_[node & (kRecent - 1)];
    if (recent.entry != kNone && &entries_[recent.entry] == &o) recent.entry = kNone;
  }
  erase_cell(cell < table_.size() ? cell : probe(f.packet, node));
  completed(done, cycle);
}

void Scoreboard::hand_over(const std::function<Scoreboard*(NodeId)>& to) {
  struct Leaving {
    std::uint64_t packet;
    NodeId node;
    Scoreboard* board;
  };
  for (Open& o : direct_) {
    if (!o.live) continue;
    Scoreboard* board = to(o.packet.dst);
    if (board == nullptr || board == this) continue;
    board->open(o);
    close_direct(o);
  }
  std::vector<Leaving> leaving;
  for (const Cell& c : table_) {
    if (c.entry == kNone) continue;
    Scoreboard* board = to(c.node);
    if (board != nullptr && board != this) leaving.push_back(Leaving{c.packet, c.node, board});
  }
  if (leaving.empty()) return;
  recent_.assign(kRecent, Recent{});  // the cache may point at what leaves
  for (const Leaving& l : leaving) {
    const std::size_t cell = probe(l.packet, l.node);
    l.board->insert(l.packet, l.node, entries_[table_[cell].entry]);  // not in board's cache
    erase_cell(cell);
  }
}

}  // namespace wormsim
