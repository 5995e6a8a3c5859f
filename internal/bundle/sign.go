package bundle

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// Signatures is a bundle's .signatures.json, as opa build --signing-key
// writes it: one JWT (JWS compact serialization) whose payload lists
// every other file of the bundle with its hash.
type Signatures struct {
	Signatures []string `json:"signatures"`
}

// FileInfo is one file of a signature's payload.
type FileInfo struct {
	Name      string `json:"name"`
	Hash      string `json:"hash"`
	Algorithm string `json:"algorithm"`
}

// payload is the JWT's claims. KeyID is the deprecated keyid claim OPA
// still writes when it signs without a claims file.
type payload struct {
	Files []FileInfo `json:"files"`
	KeyID string     `json:"keyid,omitempty"`
	Scope string     `json:"scope,omitempty"`
}

// Signature errors callers tell apart.
var (
	ErrSignature = errors.New("the bundle's signature does not verify with the configured public key")
	ErrUnsigned  = errors.New("the bundle has no .signatures.json")
)

// ParsePrivateKey reads a PEM private key: RSA (PKCS #1 or #8) signs
// RS256, ECDSA P-256 signs ES256.
func ParsePrivateKey(data []byte) (crypto.Signer, error) {
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, errors.New("no PEM block in the signing key")
	}
	var key any
	var err error
	switch block.Type {
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(block.Bytes)
	case "PRIVATE KEY":
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	default:
		return nil, fmt.Errorf("a PEM block of type %q is not a private key", block.Type)
	}
	if err != nil {
		return nil, err
	}
	signer, ok := key.(crypto.Signer)
	if !ok || algorithm(signer.Public()) == "" {
		return nil, errors.New("the signing key is neither RSA nor ECDSA P-256")
	}
	return signer, nil
}

// ParsePublicKey reads a PEM public key (PKIX or PKCS #1), or the public
// key of a PEM certificate.
func ParsePublicKey(data []byte) (crypto.PublicKey, error) {
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, errors.New("no PEM block in the public key")
	}
	var key any
	var err error
	switch block.Type {
	case "PUBLIC KEY":
		key, err = x509.ParsePKIXPublicKey(block.Bytes)
	case "RSA PUBLIC KEY":
		key, err = x509.ParsePKCS1PublicKey(block.Bytes)
	case "CERTIFICATE":
		var cert *x509.Certificate
		if cert, err = x509.ParseCertificate(block.Bytes); err == nil {
			key = cert.PublicKey
		}
	default:
		return nil, fmt.Errorf("a PEM block of type %q is not a public key", block.Type)
	}
	if err != nil {
		return nil, err
	}
	if algorithm(key) == "" {
		return nil, errors.New("the public key is neither RSA nor ECDSA P-256")
	}
	return key, nil
}

// algorithm is the JWS algorithm a key signs with: RS256 or ES256.
func algorithm(pub crypto.PublicKey) string {
	switch k := pub.(type) {
	case *rsa.PublicKey:
		return "RS256"
	case *ecdsa.PublicKey:
		if k.Curve == elliptic.P256() {
			return "ES256"
		}
	}
	return ""
}

// Sign returns the JWT that signs files with key, with keyID as its kid
// header and keyid claim.
func Sign(files []FileInfo, key crypto.Signer, keyID string) (string, error) {
	alg := algorithm(key.Public())
	header, err := json.Marshal(map[string]string{"alg": alg, "kid": keyID, "typ": "JWT"})
	if err != nil {
		return "", err
	}
	claims, err := json.Marshal(payload{Files: files, KeyID: keyID})
	if err != nil {
		return "", err
	}
	signing := b64(header) + "." + b64(claims)
	digest := sha256.Sum256([]byte(signing))
	var sig []byte
	switch k := key.(type) {
	case *ecdsa.PrivateKey:
		r, s, err := ecdsa.Sign(rand.Reader, k, digest[:])
		if err != nil {
			return "", err
		}
		sig = make([]byte, 64)
		r.FillBytes(sig[:32])
		s.FillBytes(sig[32:])
	default:
		if sig, err = key.Sign(rand.Reader, digest[:], crypto.SHA256); err != nil {
			return "", err
		}
	}
	return signing + "." + b64(sig), nil
}

// Verify checks a JWT's signature with pub and returns the files it signs.
// keyID, when set, must be the token's kid (or its keyid claim); scope,
// when set, its scope claim.
func Verify(token string, pub crypto.PublicKey, keyID, scope string) ([]FileInfo, error) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return nil, fmt.Errorf("%w: not a compact JWS", ErrSignature)
	}
	var header struct {
		Alg string `json:"alg"`
		Kid string `json:"kid"`
	}
	if err := unb64JSON(parts[0], &header); err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrSignature, err)
	}
	var claims payload
	if err := unb64JSON(parts[1], &claims); err != nil {
		return nil, fmt.Errorf("%w: payload: %v", ErrSignature, err)
	}
	if want := algorithm(pub); header.Alg != want {
		return nil, fmt.Errorf("%w: signed with %q, the key verifies %s", ErrSignature, header.Alg, want)
	}
	kid := header.Kid
	if kid == "" {
		kid = claims.KeyID
	}
	if keyID != "" && kid != keyID {
		return nil, fmt.Errorf("%w: signed with key %q, not %q", ErrSignature, kid, keyID)
	}
	if claims.Scope != scope {
		return nil, fmt.Errorf("%w: scope %q, not %q", ErrSignature, claims.Scope, scope)
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSignature, err)
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	ok := false
	switch k := pub.(type) {
	case *rsa.PublicKey:
		ok = rsa.VerifyPKCS1v15(k, crypto.SHA256, digest[:], sig) == nil
	case *ecdsa.PublicKey:
		if len(sig) == 64 {
			r, s := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])
			ok = ecdsa.Verify(k, digest[:], r, s)
		}
	}
	if !ok {
		return nil, ErrSignature
	}
	return claims.Files, nil
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func unb64JSON(s string, v any) error {
	data, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}
