package bundle

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path"
)

// hashAlgorithm is the only hash the signatures use, named as OPA names it.
const hashAlgorithm = "SHA-256"

// structured reports the files OPA hashes as JSON values rather than as
// bytes: the manifest and data documents, so that whitespace and key order
// do not change their hash.
func structured(name string) bool {
	switch path.Base(name) {
	case ".manifest", "data.json":
		return true
	}
	return false
}

// fileHash is the hex SHA-256 of a file as OPA computes it: of the bytes,
// or for a structured file of its JSON value with object keys sorted and
// no spaces.
func fileHash(name string, data []byte) (string, error) {
	if structured(name) {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return "", err
		}
		canon, err := json.Marshal(v)
		if err != nil {
			return "", err
		}
		data = canon
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}
