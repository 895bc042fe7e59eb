/**
 * Regions (category `region`): sets of sites.
 */
import type { LudemeSpec } from "../catalog.js";
import { int, name, cat, list } from "./args.js";

export const regionLudemes: LudemeSpec[] = [
  {
    name: "sites",
    category: "region",
    doc: "The listed sites.",
    params: [{ name: "labels", type: list(name), doc: "Site labels." }],
    example: "(sites {a1 c1 e1})",
  },
  {
    name: "rows",
    category: "region",
    doc: "Every site whose label's number lies between `from` and `to` (inclusive).",
    params: [
      { name: "from", type: int, doc: "First row number." },
      { name: "to", type: int, doc: "Last row number." },
    ],
    example: "(rows 1 5)",
  },
  {
    name: "shift",
    category: "region",
    doc: "The sites one step from the region's sites in a direction (sites whose step leaves the board drop out), e.g. the line just inside a wall.",
    params: [
      { name: "region", type: cat("region"), doc: "The sites to shift." },
      { name: "dir", type: name, doc: "Direction name." },
    ],
    example: "(shift column-bottoms N)",
  },
  {
    name: "union",
    category: "region",
    doc: "Every site of any of the regions.",
    params: [{ name: "regions", type: cat("region"), rest: true, doc: "The regions." }],
    example: "(union (rows 1 2) centres)",
  },
];
