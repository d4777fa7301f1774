// The client's words in Russian: the same keys as en.js.

export default {};
