import { sha256 } from "./sha256.js";

/**
 * The Merkle tree of RFC 9162 §2.1 (Certificate Transparency 2.0; the same tree as RFC 6962):
 * leaf = SHA-256(0x00 ‖ entry), node = SHA-256(0x01 ‖ left ‖ right), MTH of n > 1 leaves split at
 * the largest power of two below n. Pure code shared by the browser, the server and the command
 * line: proofs are made (§2.1.3.1, §2.1.4.1) from a tree's complete subtrees and checked
 * (§2.1.3.2, §2.1.4.2) from hashes alone.
 */

export type Hash = Uint8Array;
/** SHA-256 of bytes; the server passes node:crypto's, the browser the plain one (sha256.ts). */
export type Hasher = (data: Uint8Array) => Hash;

/**
 * The complete subtrees of a tree: `node(level, index)` is the root of leaves
 * [index·2^level, (index+1)·2^level), level 0 the leaf hashes. Every MTH the proofs need is
 * built from these, so a store that keeps them answers any proof with O(log² n) reads.
 */
export interface CompleteNodes {
  node(level: number, index: number): Hash;
}

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export const leafHash = (entry: Uint8Array, hash: Hasher = sha256): Hash => hash(concat(Uint8Array.of(0), entry));
export const nodeHash = (left: Hash, right: Hash, hash: Hasher = sha256): Hash => hash(concat(Uint8Array.of(1), left, right));
/** MTH({}): the hash of the empty string. */
export const emptyRoot = (hash: Hasher = sha256): Hash => hash(new Uint8Array(0));

/** The largest power of two smaller than n (n > 1). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** log2(n) when n is a power of two, else -1 (exact for any safe integer, unlike Math.log2). */
function exactLog2(n: number): number {
  let l = 0;
  for (let k = 1; k <= n; k *= 2, l++) if (k === n) return l;
  return -1;
}
const isPowerOfTwo = (n: number) => exactLog2(n) >= 0;

/**
 * MTH(D[start:end]) from complete subtrees. Every range the RFC's recursions reach starts at a
 * multiple of the power of two that splits it, so a range of 2^l leaves is one stored node.
 */
export function subtreeRoot(nodes: CompleteNodes, start: number, end: number, hash: Hasher = sha256): Hash {
  const n = end - start;
  if (n === 0) return emptyRoot(hash);
  const level = exactLog2(n);
  if (level >= 0 && start % n === 0) return nodes.node(level, start / n);
  const k = splitPoint(n);
  return nodeHash(subtreeRoot(nodes, start, start + k, hash), subtreeRoot(nodes, start + k, end, hash), hash);
}

export const rootOf = (nodes: CompleteNodes, size: number, hash: Hasher = sha256): Hash => subtreeRoot(nodes, 0, size, hash);

/** PATH(m, D[n]) of RFC 9162 §2.1.3.1: the inclusion proof of leaf `index` in the tree of `size` leaves. */
export function inclusionProof(nodes: CompleteNodes, index: number, size: number, hash: Hasher = sha256): Hash[] {
  if (!(index >= 0 && index < size)) throw new RangeError(`no leaf ${index} in a tree of ${size}`);
  const path = (m: number, start: number, end: number): Hash[] => {
    if (end - start === 1) return [];
    const k = splitPoint(end - start);
    return m - start < k
      ? [...path(m, start, start + k), subtreeRoot(nodes, start + k, end, hash)]
      : [...path(m, start + k, end), subtreeRoot(nodes, start, start + k, hash)];
  };
  return path(index, 0, size);
}

/** PROOF(m, D[n]) of RFC 9162 §2.1.4.1: that the tree of `size1` leaves is a prefix of the tree of `size2`. */
export function consistencyProof(nodes: CompleteNodes, size1: number, size2: number, hash: Hasher = sha256): Hash[] {
  if (!(size1 >= 0 && size1 <= size2)) throw new RangeError(`no consistency proof from ${size1} to ${size2}`);
  if (size1 === 0 || size1 === size2) return [];
  const subproof = (m: number, start: number, end: number, whole: boolean): Hash[] => {
    const n = end - start;
    if (m === n) return whole ? [] : [subtreeRoot(nodes, start, end, hash)];
    const k = splitPoint(n);
    return m <= k
      ? [...subproof(m, start, start + k, whole), subtreeRoot(nodes, start + k, end, hash)]
      : [...subproof(m - k, start + k, end, false), subtreeRoot(nodes, start, start + k, hash)];
  };
  return subproof(size1, 0, size2, true);
}

export const sameHash = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
const half = (n: number) => Math.floor(n / 2);
const odd = (n: number) => n % 2 === 1;

/** The root an inclusion proof leads to (RFC 9162 §2.1.3.2), or null when the proof cannot be one. */
export function rootFromInclusionProof(index: number, size: number, leaf: Hash, proof: readonly Hash[], hash: Hasher = sha256): Hash | null {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size) || leaf.length !== 32) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0 || p.length !== 32) return null;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r, hash);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = nodeHash(r, p, hash);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 ? r : null;
}

export function verifyInclusion(index: number, size: number, leaf: Hash, proof: readonly Hash[], root: Hash, hash: Hasher = sha256): boolean {
  const computed = rootFromInclusionProof(index, size, leaf, proof, hash);
  return computed !== null && sameHash(computed, root);
}

/** RFC 9162 §2.1.4.2: does `proof` show the tree of size1 (root1) is a prefix of the tree of size2 (root2)? */
export function verifyConsistency(size1: number, size2: number, proof: readonly Hash[], root1: Hash, root2: Hash, hash: Hasher = sha256): boolean {
  if (!(Number.isSafeInteger(size1) && Number.isSafeInteger(size2) && size1 >= 0 && size1 <= size2)) return false;
  if (size1 === size2) return proof.length === 0 && sameHash(root1, root2);
  if (size1 === 0) return proof.length === 0; // the empty tree is a prefix of every tree
  if (proof.length === 0 || proof.some((p) => p.length !== 32)) return false;
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr, hash);
      sr = nodeHash(c, sr, hash);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = nodeHash(sr, c, hash);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && sameHash(fr, root1) && sameHash(sr, root2);
}

/** Every complete subtree of a list of leaf hashes, built bottom-up once (tests, verify-log). */
export function treeOf(leaves: readonly Hash[], hash: Hasher = sha256): CompleteNodes & { levels: Hash[][] } {
  const levels: Hash[][] = [[...leaves]];
  for (let l = 0; levels[l].length > 1; l++) {
    const below = levels[l];
    const up: Hash[] = [];
    for (let i = 0; i + 1 < below.length; i += 2) up.push(nodeHash(below[i], below[i + 1], hash));
    levels.push(up);
  }
  return {
    levels,
    node(level, index) {
      const h = levels[level]?.[index];
      if (!h) throw new RangeError(`no complete node ${level}/${index}`);
      return h;
    },
  };
}

/**
 * The complete nodes a computation reads, found by running it on zero hashes: which nodes a proof
 * or root needs depends on the sizes alone, so a store can fetch them in one query, then run it again.
 */
export function nodesRead(run: (nodes: CompleteNodes) => unknown): { level: number; index: number }[] {
  const seen = new Map<string, { level: number; index: number }>();
  const zero = new Uint8Array(32);
  run({
    node(level, index) {
      seen.set(`${level}/${index}`, { level, index });
      return zero;
    },
  });
  return [...seen.values()];
}

export const toHex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
export function fromHex(s: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(s)) throw new Error("not hex");
  return Uint8Array.from(s.match(/../g) ?? [], (x) => parseInt(x, 16));
}
export const toBase64 = (b: Uint8Array): string => btoa(String.fromCharCode(...b));
export function fromBase64(s: string): Uint8Array {
  const bin = atob(s);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}
