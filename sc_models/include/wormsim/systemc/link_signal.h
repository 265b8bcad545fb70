// LinkSignal<T>: the sc_signal a Fabric puts on every link (T = FlitSlot or
// CreditSlot). It is an sc_signal in every respect a user sees (bind it to
// sc_in/sc_out, trace it, wait on its value_changed_event), and it also
// tells the one module that reads it, at the update phase, that a valid
// payload was written (even one equal to the last, as two credits for the
// same VC in a row are). A port-level module then reads only the ports
// that carry something, as the fast engine's links notify their ends;
// bound to a plain sc_signal instead, a module reads that port every cycle.
#pragma once
#include <cstdint>

#include <systemc>

#include <wormsim/systemc/link_payload.h>

namespace wormsim::systemc {

template <class T>
class LinkSignal : public sc_core::sc_signal<T> {
 public:
  explicit LinkSignal(const char* name) : sc_core::sc_signal<T>(name) {}

  /// Bit `bit` of *mask is set at every update that makes the value valid.
  void notify_reader(std::uint64_t* mask, unsigned bit) {
    mask_ = mask;
    bit_ = std::uint64_t{1} << bit;
  }

  void write(const T& v) override {
    sc_core::sc_signal<T>::write(v);
    if (v.valid && mask_ != nullptr) this->request_update();
  }

 protected:
  void update() override {
    if (mask_ != nullptr && this->m_new_val.valid) *mask_ |= bit_;
    sc_core::sc_signal<T>::update();
  }

 private:
  std::uint64_t* mask_ = nullptr;
  std::uint64_t bit_ = 0;
};

}  // namespace wormsim::systemc
