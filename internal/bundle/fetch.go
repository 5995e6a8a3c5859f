package bundle

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/google/go-containerregistry/pkg/authn"
	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/remote"
	"github.com/google/go-containerregistry/pkg/v1/static"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// LayerMediaType is the media type of a bundle's layer in an OCI image, as
// OPA's OCI downloader expects it.
const LayerMediaType types.MediaType = "application/vnd.oci.image.layer.v1.tar+gzip"

// ErrNotModified means the source still serves the bundle last fetched.
var ErrNotModified = errors.New("not modified")

// Fetched is a bundle as a source served it.
type Fetched struct {
	Data []byte
	// Digest identifies it: the OCI manifest's digest, or the sha256 of
	// the bytes an HTTPS server sent; ETag is the server's, if any.
	Digest, ETag string
}

// Fetch gets the bundle at url (oci:// or https://), unless it is the one
// last fetched (digest for a registry, etag for an HTTPS server): then it
// returns ErrNotModified.
func Fetch(ctx context.Context, client *http.Client, url, digest, etag string) (*Fetched, error) {
	if ref, ok := strings.CutPrefix(url, "oci://"); ok {
		return fetchOCI(ctx, client, ref, digest)
	}
	return fetchHTTP(ctx, client, url, etag)
}

func remoteOptions(ctx context.Context, client *http.Client) []remote.Option {
	opts := []remote.Option{remote.WithContext(ctx), remote.WithAuthFromKeychain(authn.DefaultKeychain)}
	if client != nil && client.Transport != nil {
		opts = append(opts, remote.WithTransport(client.Transport))
	}
	return opts
}

func fetchOCI(ctx context.Context, client *http.Client, s, last string) (*Fetched, error) {
	ref, err := name.ParseReference(s)
	if err != nil {
		return nil, err
	}
	opts := remoteOptions(ctx, client)
	desc, err := remote.Head(ref, opts...)
	if err != nil {
		return nil, err
	}
	if desc.Digest.String() == last {
		return nil, ErrNotModified
	}
	img, err := remote.Image(ref.Context().Digest(desc.Digest.String()), opts...)
	if err != nil {
		return nil, err
	}
	layers, err := img.Layers()
	if err != nil {
		return nil, err
	}
	for _, l := range layers {
		mt, err := l.MediaType()
		if err != nil || mt != LayerMediaType {
			continue
		}
		rc, err := l.Compressed()
		if err != nil {
			return nil, err
		}
		defer rc.Close()
		data, err := io.ReadAll(io.LimitReader(rc, MaxSize+1))
		if err != nil {
			return nil, err
		}
		return &Fetched{Data: data, Digest: desc.Digest.String()}, nil
	}
	return nil, fmt.Errorf("%s holds no layer of type %s", s, LayerMediaType)
}

func fetchHTTP(ctx context.Context, client *http.Client, url, etag string) (*Fetched, error) {
	if client == nil {
		client = http.DefaultClient
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotModified:
		return nil, ErrNotModified
	case resp.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("%s: %s", url, resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxSize+1))
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	return &Fetched{Data: data, Digest: "sha256:" + hex.EncodeToString(sum[:]), ETag: resp.Header.Get("ETag")}, nil
}

// Push publishes a bundle to an OCI registry as an image of one layer
// (OPA's layout: an OCI manifest, an OCI config, the .tar.gz as a layer)
// and returns the manifest's digest.
func Push(ctx context.Context, client *http.Client, url string, data []byte, revision string) (string, error) {
	s, ok := strings.CutPrefix(url, "oci://")
	if !ok {
		return "", fmt.Errorf("%s: push publishes to oci:// references; copy the .tar.gz to an HTTPS server yourself", url)
	}
	ref, err := name.ParseReference(s)
	if err != nil {
		return "", err
	}
	layer := static.NewLayer(bytes.Clone(data), LayerMediaType)
	img, err := mutate.Append(empty.Image, mutate.Addendum{Layer: layer,
		Annotations: map[string]string{"org.opencontainers.image.title": "bundle.tar.gz"}})
	if err != nil {
		return "", err
	}
	img = mutate.MediaType(img, types.OCIManifestSchema1)
	img = mutate.ConfigMediaType(img, types.OCIConfigJSON)
	img = mutate.Annotations(img, map[string]string{"org.opencontainers.image.revision": revision}).(v1.Image)
	if err := remote.Write(ref, img, remoteOptions(ctx, client)...); err != nil {
		// The registry's error body is its own text.
		return "", &cleanError{err}
	}
	d, err := img.Digest()
	if err != nil {
		return "", err
	}
	return d.String(), nil
}
