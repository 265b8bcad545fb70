// Scoreboard: proves that every packet created is delivered exactly once, at
// its destination, every flit in order, all flits of a packet on the same
// ejection channel and VC. A multi-destination worm counts as one delivery
// per destination, each checked the same way. It runs in every simulation. A violation is a
// model bug and throws ScoreboardError with the packet, flit and node.
// A delivery is opened when its packet is created (on_created), or counted
// then and opened when the packet leaves its source queue (count_created,
// open_injected: what a simulation does for unicast packets, so that past
// saturation the board holds the packets in the network, not the queues).
#pragma once
#include <cstdint>
#include <functional>
#include <stdexcept>
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

  /// A unicast packet created: counted, and its delivery opened at once
  /// (count_created() and open_injected()).
  void on_created(const Packet& packet);
  /// A unicast packet created whose delivery opens later, when it leaves
  /// its source queue (open_injected()): counted, and outstanding until it
  /// is delivered. Deliveries open only while packets are in the network,
  /// so the board holds those and not the source queues, however long they
  /// grow.
  void count_created(const Packet& packet) {
    ++created_packets_;
    created_flits_ += packet.length;
    ++counted_later_;
  }
  /// Opens the delivery of a unicast packet that left its source queue,
  /// before any of its flits arrives (counted by count_created(), here or
  /// on another board); throws if one is open already.
  void open_injected(const Packet& packet);
  /// A worm: one expected delivery per destination (packet.dst is ignored).
  /// skipped[k]: flits right behind the head that the copy for
  /// destinations[k] no longer carries (list worms' consumed address flits;
  /// empty = none).
  void on_created(const Packet& packet, const std::vector<NodeId>& destinations,
                  const std::vector<unsigned>& skipped = {});
  void on_delivered(const Flit& flit, NodeId node, unsigned channel, Cycle cycle) override {
    if (flit.worm == 0) {  // a unicast id names one delivery: a wrong node is caught by advance()
      Open& d = direct_slot(flit.packet);
      if (d.live && d.packet.id == flit.packet) {
        if (!advance(d, flit, node, channel)) return;
        const Packet done = d.packet;
        close_direct(d);
        return completed(done, cycle);
      }
    }
    on_delivered_in_table(flit, node, channel, cycle);
  }

  std::uint64_t created_packets() const { return created_packets_; }
  std::uint64_t created_flits() const { return created_flits_; }
  std::uint64_t delivered_packets() const { return delivered_packets_; }
  std::uint64_t delivered_flits() const { return delivered_flits_; }
  /// Deliveries open, and the packets count_created() counted that have
  /// not left their source queue.
  std::size_t outstanding_packets() const { return open_count_ + counted_later_ - opened_later_; }
  /// Deliveries open now.
  std::size_t open_deliveries() const { return open_count_; }
  /// Deliveries open_injected() opened so far.
  std::uint64_t opened_injected() const { return opened_later_; }

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
    bool live = false;  ///< a slot of direct_ that holds a delivery
  };
  static_assert(sizeof(Open) == 64, "a slot of direct_ is one cache line");
  static constexpr std::uint32_t kNone = ~0u;
  /// A cell of the table of open deliveries (open addressing, linear
  /// probing): the key (packet, node) and the delivery's entry in entries_,
  /// or kNone for an empty cell.
  struct Cell {
    std::uint64_t packet = 0;
    NodeId node = 0;
    std::uint32_t entry = kNone;
  };
  /// The delivery a node's last flit belonged to (direct-mapped by node id;
  /// the full key is compared): a packet's other flits skip the table.
  struct Recent {
    std::uint64_t packet = 0;
    NodeId node = 0;
    std::uint32_t entry = kNone;  ///< kNone: empty (cleared when its delivery completes)
  };
  static constexpr std::size_t kRecent = 1024;

  /// The cell where (packet, node)'s probe starts.
  std::size_t home(std::uint64_t packet, NodeId node) const {
    const std::uint64_t h = (packet ^ (std::uint64_t{node} << 40)) * 0x9E3779B97F4A7C15ull;
    return static_cast<std::size_t>(h >> shift_);
  }
  /// The cell holding (packet, node), or the empty cell where it would go.
  std::size_t probe(std::uint64_t packet, NodeId node) const;
  /// Opens the delivery (packet, node); false if it is open already.
  bool insert(std::uint64_t packet, NodeId node, const Open& open);
  /// Closes the delivery in cell `cell` (backward-shift deletion: no
  /// tombstones) and frees its entry.
  void erase_cell(std::size_t cell);
  void grow();
  /// The entry of (packet, node), through recent_; throws if none is open.
  /// `cell` is set to its cell when the table was probed (else left as is).
  Open& open_delivery(const Flit& f, NodeId node, Cycle cycle, std::size_t& cell);
  /// The slot of direct_ where packet `id` may be.
  Open& direct_slot(std::uint64_t id) { return direct_[id & direct_mask_]; }
  /// Opens the only delivery of unicast packet `o.packet`: in its slot of
  /// direct_ if free, else in table_; false if it is open already (in
  /// either).
  bool open(const Open& o);
  /// Opens the delivery `o` of a unicast packet in its slot of direct_ if
  /// that slot is free (true); a packet that finds it taken counts toward
  /// doubling direct_ (note_direct_miss).
  bool open_direct(const Open& o);
  /// Called when a unicast packet found its slot taken: doubles direct_ when
  /// that happened to a quarter of its slots' worth of packets, moving each
  /// open delivery to its slot of the larger array where that is free.
  void note_direct_miss();
  /// Checks flit `f`'s delivery at `node` on `channel` against its open
  /// delivery `o` and counts it; true when it completes the packet. Throws
  /// ScoreboardError on a wrong node, order, marking or channel.
  bool advance(Open& o, const Flit& f, NodeId node, unsigned channel) {
    if (node != o.packet.dst || f.dst != o.packet.dst || f.src != o.packet.src || f.seq != o.next_seq ||
        f.type != flit_type_for(f.seq, o.packet.length)) [[unlikely]]
      reject(o, f, node);
    if (f.seq == 0) {
      o.channel = channel;
      o.vc = f.vc;
      o.next_seq += o.skip;
    } else if (channel != o.channel || f.vc != o.vc) [[unlikely]] {
      reject(o, f, node);
    }
    ++o.next_seq;
    ++delivered_flits_;
    return o.next_seq == o.packet.length;
  }
  /// The delivery of `f` that is not in its slot of direct_ (a worm's, or
  /// a unicast packet's whose slot was taken).
  void on_delivered_in_table(const Flit& f, NodeId node, unsigned channel, Cycle cycle);
  /// Throws the error advance() found (cold: only called when one exists).
  [[noreturn, gnu::cold, gnu::noinline]] static void reject(const Open& o, const Flit& f, NodeId node);
  void completed(const Packet& done, Cycle cycle) {
    ++delivered_packets_;
    if (on_complete_) on_complete_(done, cycle);
  }
  void close_direct(Open& o) {
    o.live = false;
    --open_count_;
  }

  std::vector<Cell> table_ = std::vector<Cell>(64);  ///< a power of two, at most half full
  unsigned shift_ = 64 - 6;                          ///< 64 - log2(table size)
  std::vector<Open> entries_;                        ///< by Cell::entry
  /// Unicast deliveries by packet id (slot id mod size, a power of two; the
  /// id is the key, as a unicast packet has one delivery): a packet whose
  /// slot is taken when it is created goes to table_ instead.
  std::vector<Open> direct_ = std::vector<Open>(kDirectFirst);
  std::size_t direct_mask_ = kDirectFirst - 1;  ///< direct_.size() - 1
  static constexpr std::size_t kDirectFirst = 1024, kDirectMost = std::size_t{1} << 15;  ///< 64 KB to 2 MB
  std::size_t direct_misses_ = 0;  ///< packets that found their slot taken since direct_ last grew
  std::vector<std::uint32_t> free_entries_;          ///< entries_ of closed deliveries, reused
  std::size_t open_count_ = 0;
  std::size_t table_count_ = 0;  ///< open deliveries in table_
  std::uint64_t counted_later_ = 0, opened_later_ = 0;  ///< count_created(), open_injected() calls
  std::vector<Recent> recent_ = std::vector<Recent>(kRecent);
  CompletionHandler on_complete_;
  std::uint64_t created_packets_ = 0, created_flits_ = 0;
  std::uint64_t delivered_packets_ = 0, delivered_flits_ = 0;
};

}  // namespace wormsim
