/**
 * acp-conformance/properties: the arbitraries behind the kit's property-based scenarios, for
 * users' own fast-check tests of their peers (see the README, "Property-based scenarios").
 */
export {
  cancelPoints,
  chunkingsOf,
  coalescingsOf,
  describeChunking,
  groupBySizes,
  jsonRpcIds,
  sizesUpTo,
  splitAtCuts,
  textContents,
  toleratedFaults,
  turnInterleavings,
  uniqueJsonRpcIds,
  utf8InteriorOffsets,
  type Chunking,
  type ToleratedFault,
  type TurnStep,
} from "./arbitraries.js";
