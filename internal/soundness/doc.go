// Package soundness holds the tests that check an allow against reality
// and against meaning-preserving rewrites: the execution oracle's
// differential test (every command the built-in policy allows is run in a
// sandbox, and what it did is compared with what the program model
// predicted), and the adversarial matrix of protected targets, programs
// that write, and path spellings.
//
// The package has no code of its own beyond helpers for its tests.
package soundness
