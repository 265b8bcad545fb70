// TLM-2.0 at the network interfaces: one TlmInterface per node of a port-level
// Fabric, carrying generic-payload reads and writes across the cycle-accurate
// network as request and response packets.
//
// Address map: a transaction's address is (node << node_shift) | offset; the
// interface of the destination node forwards it, with the address replaced
// by the offset, through its initiator socket to whatever target the user
// bound there (a memory). TlmNetwork::address(node, offset) builds one.
//
// Packets: a request is header_flits + ceil(length / flit_bytes) data flits
// for a write (header only for a read), a response the other way round;
// they travel as ordinary packets from the source's network interface, so
// they queue behind, and contend with, every other packet in the fabric.
//
// At a node's target socket (bind the node's processor model):
//   b_transport     waits the annotated delay, sends the request, and
//                   returns when the response has arrived (delay = 0: the
//                   time has passed; it is a whole number of NoC cycles plus
//                   the memory's own annotated delay).
//   nb_transport_fw the base protocol: BEGIN_REQ is accepted at once
//                   (TLM_UPDATED, END_REQ) and sent after the annotated
//                   delay; BEGIN_RESP comes back on the backward path when
//                   the response arrives (one at a time: the next waits for
//                   END_RESP); any number may be outstanding. Payloads with
//                   a memory manager are acquired until END_RESP.
//   transport_dbg   forwarded to the destination's target at once (no time).
//   DMI             not offered (get_direct_mem_ptr returns false).
// Errors are TLM responses, never crashes: an address whose node is not in
// the fabric, or whose node has no target bound, gets
// TLM_ADDRESS_ERROR_RESPONSE; a payload longer than max_bytes
// TLM_BURST_ERROR_RESPONSE (it is not split). A request to the node's own
// target skips the network.
//
// At a node's initiator socket: the destination interface calls b_transport
// on the bound target, one request at a time in arrival order, waits the
// delay the target annotates, then sends the response.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <unordered_map>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/peq_with_get.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <wormsim/systemc/fabric.h>

namespace wormsim::systemc {

struct TlmConfig {
  unsigned flit_bytes = 8;    ///< data bytes one flit carries
  unsigned header_flits = 1;  ///< flits of a request or response ahead of its data
  unsigned max_bytes = 256;   ///< longer payloads get TLM_BURST_ERROR_RESPONSE
  unsigned node_shift = 32;   ///< address bits below the node id
};

class TlmNetwork;

class TlmInterface : public sc_core::sc_module {
 public:
  /// Bind the node's initiator (processor model) here; may stay unbound.
  tlm_utils::simple_target_socket_optional<TlmInterface> target;
  /// Bind the node's target (memory) here; may stay unbound.
  tlm_utils::simple_initiator_socket_optional<TlmInterface> initiator;

  TlmInterface(const sc_core::sc_module_name& name, TlmNetwork& net, NodeId node);
  NodeId node() const { return node_; }

 private:
  friend class TlmNetwork;
  struct Txn;

  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& gp);
  bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);

  /// Checks address and length; sets the error response and returns false.
  bool admit(tlm::tlm_generic_payload& gp, NodeId& dst);
  void request_thread();
  void serve_thread();
  void deliver_request(Txn* t);
  void deliver_response(Txn* t);
  void send_next_response();
  void finish_nb(Txn* t);

  TlmNetwork& net_;
  NodeId node_;
  tlm_utils::peq_with_get<tlm::tlm_generic_payload> requests_;
  std::deque<Txn*> to_serve_, to_answer_;
  sc_core::sc_event serve_event_;
  Txn* answering_ = nullptr;  ///< nb response sent, waiting for END_RESP
};

class TlmNetwork : public sc_core::sc_module {
 public:
  TlmNetwork(const sc_core::sc_module_name& name, Fabric& fabric, const TlmConfig& config = {});
  ~TlmNetwork() override;

  TlmInterface& ni(NodeId n) { return *nis_.at(n); }
  const TlmConfig& config() const { return cfg_; }
  std::uint64_t address(NodeId node, std::uint64_t offset) const {
    return (std::uint64_t{node} << cfg_.node_shift) | offset;
  }
  std::uint64_t offset_mask() const { return cfg_.node_shift >= 64 ? ~0ull : (1ull << cfg_.node_shift) - 1; }
  /// Requests and responses carried through the fabric so far.
  std::uint64_t packets_sent() const { return packets_; }

 private:
  friend class TlmInterface;
  void send(TlmInterface::Txn* t, NodeId from, NodeId to, unsigned flits, bool response);
  void on_delivery(const Delivery& d);
  TlmInterface::Txn* make_txn();
  void free_txn(TlmInterface::Txn* t);

  Fabric& fabric_;
  TlmConfig cfg_;
  std::vector<std::unique_ptr<TlmInterface>> nis_;
  std::unordered_map<std::uint64_t, std::pair<TlmInterface::Txn*, bool>> in_flight_;  ///< packet -> (txn, response?)
  std::vector<std::unique_ptr<TlmInterface::Txn>> pool_;
  std::vector<TlmInterface::Txn*> free_;
  std::uint64_t packets_ = 0;
};

}  // namespace wormsim::systemc
