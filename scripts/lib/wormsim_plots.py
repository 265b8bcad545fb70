"""Plots of wormsim results (matplotlib, Debian's python3-matplotlib).

Every plot is written as PNG and SVG next to each other. Curves and cells
carry an SVG id (gid) so a test can count them: curves are "avg-<k>",
"p99-<k>" and "accepted-<k>",
bound lines "bound-<k>", heatmap cells "cell-<node>", histogram bars
"bar-<k>".

  latency_load(rows, series_keys, out)   latency (avg, p99) and accepted
                                         throughput against offered load
  link_heatmap(links_csv, nodes, out)    per-router max link utilisation
  power_map(rows, nodes, out)            per-router average power (mW)
  latency_histogram(run_json, out)       measured packets per latency
  arrival_map(arrivals_csv, nodes, out)  cycle each node got a broadcast
"""
import csv
import math
import os
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

DPI = 100


def _save(fig, out):
    """Writes out.png and out.svg, each under a temporary name in the same
    directory renamed into place (never half-written); returns both paths."""
    base = os.path.splitext(out)[0]
    paths = [base + ".png", base + ".svg"]
    for p in paths:
        if os.path.lexists(p) and not os.path.isfile(p):
            raise SystemExit(f"plot: out: '{p}' exists and is not a regular file")
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(p) or ".", prefix=".plot-", suffix=os.path.splitext(p)[1])
        os.close(fd)
        try:
            fig.savefig(tmp, dpi=DPI)
            os.replace(tmp, p)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    plt.close(fig)
    return paths


def series_label(row, keys):
    return ", ".join(f"{k}={row[k]}" for k in keys) if keys else "all points"


def stable(row):
    """A load the network sustains: every measured packet delivered and
    accepted throughput at least 95% of the offered load."""
    return str(row["drained"]).lower() == "true" and float(row["throughput"]) >= 0.95 * float(row["offered"])


def latency_load(rows, series_keys, out, title="latency and throughput against offered load"):
    """rows: dicts with offered, throughput, avg_latency, p99_latency,
    drained and (optional) bound; one curve per series in each panel."""
    groups = {}
    for r in rows:
        groups.setdefault(series_label(r, series_keys), []).append(r)
    fig, (ax_l, ax_t) = plt.subplots(1, 2, figsize=(12, 4.8))
    k = 0
    bounds = {}
    for label, pts in sorted(groups.items()):
        pts = sorted(pts, key=lambda r: float(r["offered"]))
        x = [float(r["offered"]) for r in pts]
        ok = [r for r in pts if stable(r)]
        xo = [float(r["offered"]) for r in ok]
        (c,) = ax_l.plot(xo, [float(r["avg_latency"]) for r in ok], "o-", label=f"{label} avg")
        c.set_gid(f"avg-{k}")
        (p,) = ax_l.plot(xo, [float(r["p99_latency"]) for r in ok], "x--", color=c.get_color(),
                         label=f"{label} p99")
        p.set_gid(f"p99-{k}")
        (t,) = ax_t.plot(x, [float(r["throughput"]) for r in pts], "o-", color=c.get_color(), label=label)
        t.set_gid(f"accepted-{k}")
        b = [float(r["bound"]) for r in pts if r.get("bound") not in (None, "", "None")]
        if b:
            bounds.setdefault(b[0], []).append(label)
        k += 1
    lim = max([float(r["offered"]) for r in rows] + [0.01])
    (d,) = ax_t.plot([0, lim], [0, lim], ":", color="grey", label="accepted = offered")
    d.set_gid("diagonal")
    for j, (value, labels) in enumerate(sorted(bounds.items())):
        ln = ax_t.axhline(value, linestyle="-.", color="black", linewidth=0.8,
                          label=f"throughput bound {value:.3f}" + ("" if len(bounds) == 1 else f" ({labels[0]})"))
        ln.set_gid(f"bound-{j}")
    ax_l.set_xlabel("offered load (flits/node/cycle)")
    ax_l.set_ylabel("packet latency (cycles)")
    ax_l.set_title("latency (stable points: drained, accepted >= 95% of offered)", fontsize=9)
    ax_l.grid(alpha=0.3)
    ax_l.legend(fontsize=7)
    ax_t.set_xlabel("offered load (flits/node/cycle)")
    ax_t.set_ylabel("accepted throughput (flits/node/cycle)")
    ax_t.set_title("accepted throughput")
    ax_t.grid(alpha=0.3)
    ax_t.legend(fontsize=7)
    fig.suptitle(title)
    fig.tight_layout()
    return _save(fig, out)


def read_nodes(nodes_csv_text):
    """Parses `wormsim topo SPEC --nodes` output into a list of dicts."""
    rows = list(csv.DictReader(nodes_csv_text.splitlines()))
    for r in rows:
        r["node"] = int(r["node"])
        r["coords"] = [int(r[k]) for k in sorted((k for k in r if k.startswith("c") and k[1:].isdigit()),
                                                  key=lambda k: int(k[1:]))]
    return rows


def layout(nodes):
    """(panels, position): panel titles and, per node, (panel, col, row).
    Mesh/torus: one panel per z layer, cell (x, y). 3PT: one panel per z,
    module (x, y) as a 5x2 block of its Petersen vertices. Other families:
    one panel, nodes in id order on a near-square grid."""
    family = nodes[0]["family"]
    pos = {}
    if family in ("mesh", "torus"):
        zs = sorted({n["coords"][2] for n in nodes})
        for n in nodes:
            x, y, z = n["coords"][:3]
            pos[n["node"]] = (zs.index(z), x, y)
        return [f"z = {z}" for z in zs], pos
    if family == "3pt":
        zs = sorted({n["coords"][0] for n in nodes})
        for n in nodes:
            z, x, y, p = n["coords"][:4]
            pos[n["node"]] = (zs.index(z), x * 6 + p % 5, y * 3 + p // 5)
        return [f"z = {z}: modules (x, y), vertices 0-4 over 5-9" for z in zs], pos
    side = math.ceil(math.sqrt(len(nodes)))
    for n in nodes:
        pos[n["node"]] = (0, n["node"] % side, n["node"] // side)
    return [f"{family}: nodes in id order"], pos


def node_map(values, nodes, out, title, colorbar_label, fmt="{:.2f}"):
    """Draws one cell per node, coloured by values[node] (missing: grey)."""
    panels, pos = layout(nodes)
    cols = min(len(panels), 2)
    rows_n = math.ceil(len(panels) / cols)
    width = max(p[1] for p in pos.values()) + 1
    height = max(p[2] for p in pos.values()) + 1
    cell = max(0.12, min(0.5, 6.0 / max(width, height)))
    fig, axes = plt.subplots(rows_n, cols, figsize=(max(4.0, cols * width * cell + 1.5), rows_n * height * cell + 1.6),
                             squeeze=False)
    finite = [v for v in values.values() if v is not None]
    vmax = max(finite) if finite else 1.0
    vmin = min(finite) if finite else 0.0
    if vmax == vmin:
        vmax = vmin + 1.0
    cmap = plt.get_cmap("viridis")
    names = {n["node"]: n["name"] for n in nodes}
    for i, ax in enumerate(axes.flat):
        ax.set_xticks([])
        ax.set_yticks([])
        if i >= len(panels):
            ax.axis("off")
            continue
        ax.set_title(panels[i], fontsize=8)
        ax.set_xlim(-0.5, width - 0.5)
        ax.set_ylim(height - 0.5, -0.5)
        ax.set_aspect("equal")
    for node, (panel, x, y) in pos.items():
        v = values.get(node)
        color = "lightgrey" if v is None else cmap((v - vmin) / (vmax - vmin))
        rect = plt.Rectangle((x - 0.45, y - 0.45), 0.9, 0.9, color=color)
        rect.set_gid(f"cell-{node}")
        ax = axes.flat[panel]
        ax.add_patch(rect)
        if cell >= 0.35 and v is not None:
            ax.text(x, y, fmt.format(v), ha="center", va="center", fontsize=6,
                    color="white" if (v - vmin) / (vmax - vmin) < 0.6 else "black")
    sm = plt.cm.ScalarMappable(cmap=cmap, norm=plt.Normalize(vmin, vmax))
    fig.colorbar(sm, ax=list(axes.flat), label=colorbar_label, shrink=0.8)
    hottest = max(values, key=lambda n: -1 if values[n] is None else values[n]) if finite else None
    fig.suptitle(title + (f"\nhighest: {names[hottest]} = {fmt.format(values[hottest])}" if hottest is not None else ""),
                 fontsize=9)
    return _save(fig, out)


def link_heatmap(links_csv, nodes, out, title="link utilisation"):
    """Per router: the highest utilisation (flits/cycle) of the links
    leaving it, from `wormsim run --link-csv`."""
    by_name = {n["name"]: n["node"] for n in nodes}
    values = {n["node"]: 0.0 for n in nodes}
    with open(links_csv) as f:
        for r in csv.DictReader(f):
            node = by_name[r["from"]]
            values[node] = max(values[node], float(r["utilisation"]))
    return node_map(values, nodes, out, title, "busiest outgoing link (flits/cycle)")


def power_map(rows, nodes, out, title="router power"):
    """Per router: its average power (mW) from the link CSV's from_router_mw
    (the same on every link the router drives)."""
    by_name = {n["name"]: n["node"] for n in nodes}
    values = {n["node"]: None for n in nodes}
    for r in rows:
        values[by_name[r["from"]]] = float(r["from_router_mw"])
    return node_map(values, nodes, out, title, "average power (mW)", fmt="{:.2f}")


def arrival_map(arrivals_csv, nodes, out, title="broadcast arrival"):
    """Per node: the cycle it received the broadcast (`wormsim broadcast --csv`)."""
    values = {n["node"]: None for n in nodes}
    with open(arrivals_csv) as f:
        for r in csv.DictReader(f):
            values[int(r["node"])] = float(r["arrival_cycle"])
    return node_map(values, nodes, out, title, "arrival cycle", fmt="{:.0f}")


def latency_histogram(run, out, title="packet latency"):
    """run: the `wormsim run --json` dict (its latency_histogram)."""
    hist = run.get("latency_histogram") or []
    fig, ax = plt.subplots(figsize=(8, 4.5))
    if hist:
        lo, hi = hist[0][0], hist[-1][0]
        nbins = min(60, hi - lo + 1)
        width = max(1, math.ceil((hi - lo + 1) / nbins))
        counts = {}
        for lat, n in hist:
            b = lo + (lat - lo) // width * width
            counts[b] = counts.get(b, 0) + n
        for k, (b, n) in enumerate(sorted(counts.items())):
            (bar,) = ax.bar([b + width / 2], [n], width=width * 0.9, color="tab:blue")
            bar.set_gid(f"bar-{k}")
        for q, style in (("avg_latency", "-"), ("p99_latency", "--")):
            if q in run:
                ax.axvline(float(run[q]), linestyle=style, color="black", linewidth=0.8,
                           label=f"{q.split('_')[0]} {float(run[q]):.1f}")
        ax.legend()
    ax.set_xlabel("latency (cycles, creation to tail delivered)")
    ax.set_ylabel("measured packets")
    ax.set_title(f"{title}: {run.get('topology', '')} {run.get('traffic', '')} at "
                 f"{float(run.get('offered', 0)):.3f} flits/node/cycle ({run.get('measured_packets', 0)} packets)",
                 fontsize=9)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return _save(fig, out)
