/**
 * How `ludex serve` sends a body: compressed when the browser accepts it (Brotli, else gzip),
 * with an entity tag so that a page loaded again revalidates instead of downloading, and cached
 * for good when the file's name carries its content's hash (the bundle's chunks). Compressed
 * bodies are kept by their entity tag, so each file is compressed once per server.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Bodies smaller than this go as they are: compressing them saves less than it costs. */
const SMALL = 1024;
/** Compressed bodies kept, by entity tag and encoding (the bundle's files and the game pages). */
const compressed = new Map<string, Buffer>();
const KEEP = 256;

export interface BodyOptions {
  /** The content never changes under this address (its name holds its hash): cache it for a year. */
  immutable?: boolean;
}

export function sendBody(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string | Buffer, options: BodyOptions = {}): void {
  const raw = typeof body === "string" ? Buffer.from(body) : body;
  const etag = `"${createHash("sha1").update(raw).digest("base64url")}"`;
  const headers: Record<string, string> = {
    "content-type": type,
    "x-content-type-options": "nosniff",
    vary: "accept-encoding",
    etag,
    // Revalidated at each load (a cheap 304 when unchanged); the hashed chunks never need it.
    "cache-control": options.immutable ? "public, max-age=31536000, immutable" : "no-cache",
  };
  if (status === 200 && req.headers["if-none-match"] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = status === 200 && raw.length >= SMALL ? chooseEncoding(req.headers["accept-encoding"]) : null;
  const out = encoding ? compress(raw, etag, encoding) : raw;
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(out.length);
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : out);
}

/** Brotli when accepted, else gzip when accepted, else none (a `q=0` refuses an encoding). */
function chooseEncoding(accept: string | string[] | undefined): "br" | "gzip" | null {
  const accepted = new Set(
    String(accept ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ""))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

function compress(raw: Buffer, etag: string, encoding: "br" | "gzip"): Buffer {
  const key = `${encoding} ${etag}`;
  let body = compressed.get(key);
  if (!body) {
    // Brotli's quality 9: most of its best ratio, at a fraction of the time of 11 (the first load waits for it).
    body = encoding === "br" ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : gzipSync(raw, { level: 9 });
    if (compressed.size >= KEEP) compressed.delete(compressed.keys().next().value!);
    compressed.set(key, body);
  }
  return body;
}
