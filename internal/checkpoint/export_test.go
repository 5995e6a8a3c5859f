package checkpoint

// AddAll makes every checkpoint of s add its changes with a walk, as one
// with many changed files does.
func AddAll(s *Store) { s.few = -1 }
