// The client's words in English, grouped by the part of the client that shows them. ru.js has
// the same keys; tests/browser/catalogue.test.js checks that, placeholders included.

export default {};
