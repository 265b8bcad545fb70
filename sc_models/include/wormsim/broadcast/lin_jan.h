// Broadcasts of Lin and Jan, "Routing and Broadcasting Algorithms for the
// Root-Folded Petersen Networks", all-port (one step: a node forwards to all
// its neighbours), as store-and-forward schedules.
//
//   lin-jan-fp   Basic-Broadcasting on P (step 1: the source sends to its 3
//                neighbours; step 2: each sends to its 2 neighbours that do
//                not hold the message), and FP_n-Broadcasting: for digit
//                i = n down to 1, every informed node runs Basic-Broadcasting
//                on digit i. 2n steps.
//   lin-jan-rfp  RFP_n-Broadcasting: the message climbs from the source to
//                the root (Basic-Routing digit 1..n to 00, one hop per step),
//                then from the root, for digit i = n down to 1, every node
//                whose digits 1..i are 00 runs Basic-Broadcasting on digit i.
//                As printed this sends again to the nodes on the climb; the
//                schedule leaves those sends out and counts them
//                (Schedule::dropped).
#pragma once
#include <wormsim/broadcast/schedule.h>

namespace wormsim {

Schedule lin_jan_fp_broadcast(const Topology& t, NodeId source);
Schedule lin_jan_rfp_broadcast(const Topology& t, NodeId source);

}  // namespace wormsim
