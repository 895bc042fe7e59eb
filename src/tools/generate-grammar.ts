/** Writes the generated files of grammar/ (schema, ludeme reference, syntax diagrams). */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { generatedFiles } from "../lang/reference.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
for (const [path, text] of Object.entries(generatedFiles())) {
  writeFileSync(join(root, path), text);
  console.log(`wrote ${path}`);
}
