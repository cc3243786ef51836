// perf-typing-2's A/B: the app built with the unpatched @tiptap/y-tiptap (QUIRE_AB_BEFORE, a
// `vite build --outDir` of the tree with the patch reverted in node_modules) against this tree's
// build, each in its own page, in alternating rounds.
export default [
  { name: 'unpatched', webDir: process.env.QUIRE_AB_BEFORE },
  { name: 'patched' },
];
