import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { consistencyProof, emptyRoot, fromHex, inclusionProof, leafHash, nodesRead, rootOf, toHex, treeOf, verifyConsistency, verifyInclusion } from "./merkle.js";
import { sha256 } from "./sha256.js";

/**
 * RFC 9162 §2.1 against published vectors: the 8-leaf tree of transparency-dev/merkle
 * (proof/verify_test.go, the same as certificate-transparency-go's): its leaves, the roots of its
 * first 1…8 leaves, and the inclusion and consistency proofs listed there; then properties.
 */

const LEAVES = ["", "00", "10", "2021", "3031", "40414243", "5051525354555657", "606162636465666768696a6b6c6d6e6f"].map(fromHex);
const ROOTS = [
  "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
  "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
  "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
  "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
  "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
  "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
  "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
  "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
];
// [leaf index (0-based), tree size, path]
const INCLUSION: [number, number, string[]][] = [
  [0, 8, ["96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7", "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e", "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4"]],
  [5, 8, ["bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b", "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0", "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"]],
  [2, 3, ["fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125"]],
  [1, 5, ["6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d", "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e", "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b"]],
];
const CONSISTENCY: [number, number, string[]][] = [
  [1, 1, []],
  [1, 8, ["96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7", "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e", "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4"]],
  [6, 8, ["0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a", "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0", "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"]],
  [2, 5, ["5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e", "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b"]],
  [6, 7, ["0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a", "b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f", "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"]],
];

const tree = treeOf(LEAVES.map((l) => leafHash(l)));
const hexes = (hs: Uint8Array[]) => hs.map(toHex);
const flip = (h: Uint8Array, bit = 3) => Uint8Array.from(h, (x, i) => (i === 0 ? x ^ (1 << bit) : x));

describe("SHA-256", () => {
  it("matches node:crypto on lengths around every block boundary", () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 255);
      expect(toHex(sha256(data))).toBe(createHash("sha256").update(data).digest("hex"));
    }
    expect(toHex(emptyRoot())).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });
});

describe("RFC 9162 vectors", () => {
  it("gives the published root of every prefix of the 8-leaf tree", () => {
    for (let n = 1; n <= 8; n++) expect(toHex(rootOf(tree, n)), `size ${n}`).toBe(ROOTS[n - 1]);
  });

  it("makes and verifies the published inclusion proofs, and refuses them altered", () => {
    for (const [index, size, path] of INCLUSION) {
      const proof = inclusionProof(tree, index, size);
      expect(hexes(proof)).toEqual(path);
      const root = fromHex(ROOTS[size - 1]);
      const leaf = leafHash(LEAVES[index]);
      expect(verifyInclusion(index, size, leaf, proof, root)).toBe(true);
      // The probes of the reference tests: wrong index, size, leaf, root, extra or missing hashes, a flipped bit.
      expect(verifyInclusion(index + 1, size, leaf, proof, root)).toBe(false);
      expect(verifyInclusion(index ^ 2, size, leaf, proof, root)).toBe(false);
      expect(verifyInclusion(index, size * 2, leaf, proof, root)).toBe(false);
      expect(verifyInclusion(index, Math.floor(size / 2), leaf, proof, root)).toBe(false);
      expect(verifyInclusion(index, size, leafHash(fromHex("ff")), proof, root)).toBe(false);
      expect(verifyInclusion(index, size, leaf, proof, emptyRoot())).toBe(false);
      expect(verifyInclusion(index, size, leaf, [...proof, root], root)).toBe(false);
      expect(verifyInclusion(index, size, leaf, [root, ...proof], root)).toBe(false);
      expect(verifyInclusion(index, size, leaf, proof.slice(0, -1), root)).toBe(false);
      for (let i = 0; i < proof.length; i++) expect(verifyInclusion(index, size, leaf, proof.map((p, j) => (j === i ? flip(p) : p)), root)).toBe(false);
    }
  });

  it("makes and verifies the published consistency proofs, and refuses them altered", () => {
    for (const [m, n, path] of CONSISTENCY) {
      const proof = consistencyProof(tree, m, n);
      expect(hexes(proof)).toEqual(path);
      const r1 = fromHex(ROOTS[m - 1]);
      const r2 = fromHex(ROOTS[n - 1]);
      expect(verifyConsistency(m, n, proof, r1, r2)).toBe(true);
      if (!proof.length) continue;
      expect(verifyConsistency(m - 1, n, proof, r1, r2)).toBe(false);
      expect(verifyConsistency(m + 1, n, proof, r1, r2)).toBe(false);
      expect(verifyConsistency(m, n * 2, proof, r1, r2)).toBe(false);
      expect(verifyConsistency(m, n, proof, r2, r1)).toBe(false);
      expect(verifyConsistency(m, n, [], r1, r2)).toBe(false);
      expect(verifyConsistency(m, n, [...proof, r1], r1, r2)).toBe(false);
      expect(verifyConsistency(m, n, [proof[0], ...proof], r1, r2)).toBe(false);
      expect(verifyConsistency(m, n, proof.slice(0, -1), r1, r2)).toBe(false);
      for (let i = 0; i < proof.length; i++) expect(verifyConsistency(m, n, proof.map((p, j) => (j === i ? flip(p, 4) : p)), r1, r2)).toBe(false);
    }
  });

  it("treats the empty tree and equal sizes as the RFC does", () => {
    expect(verifyConsistency(0, 5, [], emptyRoot(), rootOf(tree, 5))).toBe(true);
    expect(verifyConsistency(3, 3, [], rootOf(tree, 3), rootOf(tree, 3))).toBe(true);
    expect(verifyConsistency(3, 3, [], rootOf(tree, 3), rootOf(tree, 4))).toBe(false);
    expect(verifyConsistency(4, 3, [], rootOf(tree, 4), rootOf(tree, 3))).toBe(false);
    expect(verifyInclusion(0, 0, leafHash(LEAVES[0]), [], emptyRoot())).toBe(false);
  });
});

describe("properties", () => {
  const leavesOf = (n: number, seed: number) => Array.from({ length: n }, (_, i) => leafHash(Uint8Array.of(seed & 255, i & 255, i >> 8)));

  it("every inclusion proof verifies; a changed leaf, index or proof hash does not", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.nat(), fc.nat(), (size, at, seed) => {
        const t = treeOf(leavesOf(size, seed));
        const index = at % size;
        const root = rootOf(t, size);
        const proof = inclusionProof(t, index, size);
        expect(verifyInclusion(index, size, t.node(0, index), proof, root)).toBe(true);
        expect(verifyInclusion(index, size, flip(t.node(0, index)), proof, root)).toBe(false);
        if (size > 1) expect(verifyInclusion((index + 1) % size, size, t.node(0, index), proof, root)).toBe(false);
        if (proof.length) expect(verifyInclusion(index, size, t.node(0, index), [flip(proof[0]), ...proof.slice(1)], root)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("every consistency proof verifies; another tree's old root does not", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.nat(), fc.nat(), (size2, at, seed) => {
        const t = treeOf(leavesOf(size2, seed));
        const size1 = 1 + (at % size2);
        const proof = consistencyProof(t, size1, size2);
        expect(verifyConsistency(size1, size2, proof, rootOf(t, size1), rootOf(t, size2))).toBe(true);
        // A rewritten history: the same sizes with one early leaf changed.
        const forged = leavesOf(size2, seed);
        forged[at % size1] = flip(forged[at % size1]);
        const f = treeOf(forged);
        expect(verifyConsistency(size1, size2, proof, rootOf(f, size1), rootOf(t, size2))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("a proof reads O(log² n) complete nodes, whose positions depend on the sizes alone", () => {
    const size = 100_000;
    expect(nodesRead((n) => inclusionProof(n, 12_345, size)).length).toBeLessThan(17 * 17);
    expect(nodesRead((n) => consistencyProof(n, 77_777, size)).length).toBeLessThan(17 * 17);
  });
});
