// Makes the client speak Russian in the test file that imports this first. The client picks its
// language when i18n/index.js loads (English under Node, where there is no document), so this
// stands in a document and a remembered choice of Russian; the test then imports the client
// dynamically. node --test runs each file in a process of its own, so no other test sees them.

Object.defineProperty(globalThis, 'document', {
  value: { documentElement: {} },
  configurable: true,
  writable: true,
});
Object.defineProperty(globalThis, 'localStorage', {
  value: { getItem: (key) => (key === 'quadra.language' ? 'ru' : null), setItem() {} },
  configurable: true,
  writable: true,
});
