#include <wormsim/systemc/tlm_network.h>

#include <string>

#include <wormsim/core/config_error.h>

namespace wormsim::systemc {

struct TlmInterface::Txn {
  tlm::tlm_generic_payload* gp = nullptr;
  NodeId src = 0, dst = 0;
  std::uint64_t address = 0;  ///< as the initiator gave it
  bool blocking = false;
  sc_core::sc_event* done = nullptr;  ///< b_transport waits on it
};

namespace {

unsigned data_flits(unsigned bytes, unsigned flit_bytes) { return (bytes + flit_bytes - 1) / flit_bytes; }

}  // namespace

TlmInterface::TlmInterface(const sc_core::sc_module_name& name, TlmNetwork& net, NodeId node)
    : sc_core::sc_module(name), target("target"), initiator("initiator"), net_(net), node_(node),
      requests_("requests") {
  target.register_b_transport(this, &TlmInterface::b_transport);
  target.register_nb_transport_fw(this, &TlmInterface::nb_transport_fw);
  target.register_transport_dbg(this, &TlmInterface::transport_dbg);
  target.register_get_direct_mem_ptr(this, &TlmInterface::get_direct_mem_ptr);
  SC_HAS_PROCESS(TlmInterface);
  SC_THREAD(request_thread);
  SC_THREAD(serve_thread);
}

bool TlmInterface::admit(tlm::tlm_generic_payload& gp, NodeId& dst) {
  const std::uint64_t node = gp.get_address() >> net_.cfg_.node_shift;
  if (net_.cfg_.node_shift >= 64 || node >= net_.nis_.size() || net_.nis_[node]->initiator.size() == 0) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return false;
  }
  if (gp.get_data_length() > net_.cfg_.max_bytes) {
    gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return false;
  }
  dst = static_cast<NodeId>(node);
  return true;
}

void TlmInterface::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  NodeId dst = 0;
  if (!admit(gp, dst)) return;
  sc_core::wait(delay);
  delay = sc_core::SC_ZERO_TIME;
  sc_core::sc_event done;
  Txn* t = net_.make_txn();
  *t = Txn{&gp, node_, dst, gp.get_address(), true, &done};
  if (dst == node_) {
    deliver_request(t);
  } else {
    const bool write = gp.is_write();
    net_.send(t, node_, dst, net_.cfg_.header_flits + (write ? data_flits(gp.get_data_length(), net_.cfg_.flit_bytes) : 0),
              false);
  }
  sc_core::wait(done);
  net_.free_txn(t);
}

tlm::tlm_sync_enum TlmInterface::nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                                 sc_core::sc_time& delay) {
  if (phase == tlm::BEGIN_REQ) {
    NodeId dst = 0;
    if (!admit(gp, dst)) {
      phase = tlm::END_RESP;
      return tlm::TLM_COMPLETED;
    }
    if (gp.has_mm()) gp.acquire();
    requests_.notify(gp, delay);
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
  }
  if (phase == tlm::END_RESP && answering_ != nullptr && answering_->gp == &gp) {
    finish_nb(answering_);
    return tlm::TLM_COMPLETED;
  }
  SC_REPORT_ERROR(name(), ("nb_transport_fw: unexpected phase " + std::string(phase.get_name())).c_str());
  return tlm::TLM_COMPLETED;
}

unsigned TlmInterface::transport_dbg(tlm::tlm_generic_payload& gp) {
  NodeId dst = 0;
  if (!admit(gp, dst)) return 0;
  const std::uint64_t address = gp.get_address();
  gp.set_address(address & net_.offset_mask());
  const unsigned n = net_.nis_[dst]->initiator->transport_dbg(gp);
  gp.set_address(address);
  return n;
}

bool TlmInterface::get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) { return false; }

void TlmInterface::request_thread() {
  for (;;) {
    sc_core::wait(requests_.get_event());
    while (tlm::tlm_generic_payload* gp = requests_.get_next_transaction()) {
      NodeId dst = 0;
      admit(*gp, dst);  // checked at BEGIN_REQ
      Txn* t = net_.make_txn();
      *t = Txn{gp, node_, dst, gp->get_address(), false, nullptr};
      if (dst == node_) {
        deliver_request(t);
      } else {
        const bool write = gp->is_write();
        net_.send(t, node_, dst,
                  net_.cfg_.header_flits + (write ? data_flits(gp->get_data_length(), net_.cfg_.flit_bytes) : 0),
                  false);
      }
    }
  }
}

void TlmInterface::deliver_request(Txn* t) {
  to_serve_.push_back(t);
  serve_event_.notify(sc_core::SC_ZERO_TIME);
}

void TlmInterface::serve_thread() {
  for (;;) {
    while (to_serve_.empty()) sc_core::wait(serve_event_);
    Txn* t = to_serve_.front();
    to_serve_.pop_front();
    tlm::tlm_generic_payload& gp = *t->gp;
    gp.set_address(t->address & net_.offset_mask());
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    initiator->b_transport(gp, delay);
    gp.set_address(t->address);
    if (delay > sc_core::SC_ZERO_TIME) sc_core::wait(delay);
    if (t->src == node_) {
      net_.nis_[t->src]->deliver_response(t);
    } else {
      const bool read = gp.is_read() && gp.is_response_ok();
      net_.send(t, node_, t->src,
                net_.cfg_.header_flits + (read ? data_flits(gp.get_data_length(), net_.cfg_.flit_bytes) : 0), true);
    }
  }
}

void TlmInterface::deliver_response(Txn* t) {
  if (t->blocking) {
    t->done->notify(sc_core::SC_ZERO_TIME);
    return;
  }
  to_answer_.push_back(t);
  send_next_response();
}

void TlmInterface::send_next_response() {
  while (answering_ == nullptr && !to_answer_.empty()) {
    Txn* t = to_answer_.front();
    to_answer_.pop_front();
    answering_ = t;
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    const tlm::tlm_sync_enum s = target->nb_transport_bw(*t->gp, phase, delay);
    if (s == tlm::TLM_COMPLETED || (s == tlm::TLM_UPDATED && phase == tlm::END_RESP)) finish_nb(t);
  }
}

void TlmInterface::finish_nb(Txn* t) {
  if (t->gp->has_mm()) t->gp->release();
  if (answering_ == t) answering_ = nullptr;
  net_.free_txn(t);
  send_next_response();
}

TlmNetwork::TlmNetwork(const sc_core::sc_module_name& name, Fabric& fabric, const TlmConfig& config)
    : sc_core::sc_module(name), fabric_(fabric), cfg_(config) {
  if (cfg_.flit_bytes == 0) throw ConfigError("flit_bytes", "expected at least 1 byte per flit");
  if (cfg_.node_shift == 0 || cfg_.node_shift >= 64) throw ConfigError("node_shift", "expected 1 to 63");
  for (NodeId n = 0; n < fabric.num_nodes(); ++n)
    nis_.push_back(std::make_unique<TlmInterface>(("tlm_" + node_name(fabric.topology(), n)).c_str(), *this, n));
  fabric.on_delivery([this](const Delivery& d) { on_delivery(d); });
}

TlmNetwork::~TlmNetwork() = default;

void TlmNetwork::send(TlmInterface::Txn* t, NodeId from, NodeId to, unsigned flits, bool response) {
  const std::uint64_t id = fabric_.send(from, to, flits);
  in_flight_[id] = {t, response};
  ++packets_;
}

void TlmNetwork::on_delivery(const Delivery& d) {
  const auto it = in_flight_.find(d.packet);
  if (it == in_flight_.end()) return;  // not ours
  const auto [t, response] = it->second;
  in_flight_.erase(it);
  if (response) nis_[d.node]->deliver_response(t);
  else nis_[d.node]->deliver_request(t);
}

TlmInterface::Txn* TlmNetwork::make_txn() {
  if (free_.empty()) {
    pool_.push_back(std::make_unique<TlmInterface::Txn>());
    return pool_.back().get();
  }
  TlmInterface::Txn* t = free_.back();
  free_.pop_back();
  return t;
}

void TlmNetwork::free_txn(TlmInterface::Txn* t) { free_.push_back(t); }

}  // namespace wormsim::systemc
