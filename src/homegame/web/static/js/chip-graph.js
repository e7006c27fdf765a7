// The chip graph: every player's stack hand by hand, drawn as an inline SVG that scales with the
// panel (a viewBox, no fixed size), so it reads on a phone and on a desktop alike. Each line runs
// through a player's [hand, chips] points and breaks where the hand numbers skip (a time away).

import { h, s } from "./dom.js";

const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"];
const WIDEST = 640;
const HEIGHT = 300;
const PAD = { left: 56, right: 12, top: 12, bottom: 34 };

/** ``points`` cut where the hand numbers skip. */
function runs(points) {
  const cut = [];
  for (const point of points) {
    const last = cut.length ? cut[cut.length - 1] : null;
    if (last && last[last.length - 1][0] + 1 === point[0]) last.push(point);
    else cut.push([point]);
  }
  return cut;
}

/** A round step for the axis: 1, 2 or 5 times a power of ten, about ``count`` of them over ``span``. */
function niceStep(span, count) {
  const raw = Math.max(span / count, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw);
}

/** The graph of ``players`` (each {name, points}) as an SVG element with a legend; ``label`` names the y axis. */
export function chipGraph(players, { label = "chips", xLabel = "hand" } = {}) {
  // Drawn as wide as the window allows, up to WIDEST units: on a phone a unit is about a pixel,
  // so the axes' figures keep a readable size rather than shrinking with the whole graph.
  const width = Math.max(320, Math.min(WIDEST, window.innerWidth - 40));
  const all = players.flatMap((player) => player.points);
  if (!all.length) return h("p", { class: "note" }, "No hand has been played yet: the graph starts with the first.");
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [x0, x1] = [Math.min(...xs), Math.max(Math.max(...xs), Math.min(...xs) + 1)];
  const yStep = niceStep(Math.max(...ys) - Math.min(...ys, 0) || 1, 5);
  const y0 = Math.floor(Math.min(...ys, 0) / yStep) * yStep;
  const y1 = Math.ceil(Math.max(...ys, y0 + yStep) / yStep) * yStep;
  const x = (value) => PAD.left + ((value - x0) / (x1 - x0)) * (width - PAD.left - PAD.right);
  const y = (value) => HEIGHT - PAD.bottom - ((value - y0) / (y1 - y0)) * (HEIGHT - PAD.top - PAD.bottom);
  const grid = [];
  for (let value = y0; value <= y1; value += yStep) {
    grid.push(s("line", { x1: PAD.left, x2: width - PAD.right, y1: y(value), y2: y(value), class: value === 0 ? "zero" : "grid" }),
              s("text", { x: PAD.left - 6, y: y(value) + 4, "text-anchor": "end" }, String(value)));
  }
  const xStep = niceStep(x1 - x0, 8);
  for (let value = Math.ceil(x0 / xStep) * xStep; value <= x1; value += xStep) {
    grid.push(s("text", { x: x(value), y: HEIGHT - PAD.bottom + 16, "text-anchor": "middle" }, String(value)));
  }
  const lines = players.map((player, index) => s("g", { class: "series", "data-name": player.name, stroke: COLOURS[index % COLOURS.length], fill: COLOURS[index % COLOURS.length] },
    s("title", {}, player.name),
    runs(player.points).map((run) => run.length === 1
      ? s("circle", { cx: x(run[0][0]), cy: y(run[0][1]), r: 3 })
      : s("polyline", { fill: "none", "stroke-width": 2.2, "stroke-linejoin": "round", points: run.map((p) => `${x(p[0])},${y(p[1])}`).join(" ") }))));
  const svg = s("svg", { class: "chip-graph", viewBox: `0 0 ${width} ${HEIGHT}`, role: "img", "aria-label": `${label} by ${xLabel}, one line a player` },
    grid, lines,
    s("text", { x: (width + PAD.left) / 2, y: HEIGHT - 4, "text-anchor": "middle", class: "axis" }, xLabel),
    s("text", { x: 12, y: HEIGHT / 2, "text-anchor": "middle", class: "axis", transform: `rotate(-90 12 ${HEIGHT / 2})` }, label));
  const legend = h("ul", { class: "graph-legend" }, players.map((player, index) =>
    h("li", {}, h("span", { class: "swatch", style: { background: COLOURS[index % COLOURS.length] } }), player.name)));
  return h("figure", { class: "graph" }, svg, legend);
}
