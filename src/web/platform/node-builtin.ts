/**
 * What the browser bundle has for Node's built-in modules (node:fs, node:path ...): names that
 * fail when used. Only the Node-side paths of shared modules import them (reading a description
 * from disk, `extends`, loading the prebuilt validator); the browser never takes those paths, and
 * if it ever did, the error says why. See tools/build-web.ts.
 */
export function unavailable(name: string): (...args: unknown[]) => never {
  return () => {
    throw new Error(`${name} is not available in the browser`);
  };
}
