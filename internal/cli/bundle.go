package cli

import (
	"context"
	"crypto"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/bundle"
	"github.com/agentgov/governance/internal/config"
)

func (a *App) bundleCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "bundle",
		Short: "Build, publish and pull signed policy bundles for a team's machines",
		Example: `  governance bundle build policy/ --signing-key team.key -o bundle.tar.gz --revision v42
  governance bundle verify bundle.tar.gz --public-key team.pub
  governance bundle push bundle.tar.gz oci://registry.example.com/team/policy:latest --public-key team.pub
  governance bundle pull`,
		Long: `A policy bundle carries a team's rules, agents, learned entries and
settings to every machine, in OPA's bundle format: a .tar.gz with a
.manifest (revision, roots) and a .signatures.json signed as
opa build --signing-key signs (a JWT listing every file's SHA-256, RS256
or ES256). build packs and signs a folder, verify checks a bundle file
offline, push publishes one that verifies to an OCI registry (or copy the
file to any HTTPS server), and pull, run by a timer
on each machine, fetches what the managed configuration names, verifies
it and activates it in the managed folder.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return usagef("bundle: name a subcommand") },
	}
	c.AddCommand(a.bundleBuildCmd(), a.bundleVerifyCmd(), a.bundlePushCmd(), a.bundlePullCmd())
	return c
}

// bundleKey is the key a bundle is checked with: --public-key (a PEM
// file) or the one the managed configuration names, with its key id and
// scope unless the flags say otherwise.
type bundleKey struct{ pub, keyID, scope string }

func (k *bundleKey) flags(c *cobra.Command) {
	c.Flags().StringVar(&k.pub, "public-key", "", "the team's public key (PEM; default: the one the managed configuration names)")
	c.Flags().StringVar(&k.keyID, "key-id", "", "the key id the bundle must be signed with (default: the managed configuration's, or \"default\")")
	c.Flags().StringVar(&k.scope, "scope", "", "the scope claim the signature must carry (default: the managed configuration's)")
}

func (a *App) resolveKey(k bundleKey) (crypto.PublicKey, string, string, error) {
	keyID, scope := k.keyID, k.scope
	if k.pub != "" {
		data, err := os.ReadFile(a.absCwd(k.pub))
		if err != nil {
			return nil, "", "", err
		}
		pub, err := bundle.ParsePublicKey(data)
		if err != nil {
			return nil, "", "", fmt.Errorf("%s: %w", k.pub, err)
		}
		return pub, keyIDOr(keyID), scope, nil
	}
	p := a.paths(a.Cwd)
	src, err := config.BundleSourceOf(p)
	if err != nil {
		return nil, "", "", err
	}
	if src == nil {
		return nil, "", "", withHint(errors.New("no key to verify the bundle with"),
			"name the team's public key with --public-key, or set bundle: in "+filepath.Join(p.ManagedDir, "config.yaml"))
	}
	pub, err := bundle.PublicKey(p, src)
	if err != nil {
		return nil, "", "", err
	}
	if keyID == "" {
		keyID = src.KeyID
	}
	if scope == "" {
		scope = src.Scope
	}
	return pub, keyIDOr(keyID), scope, nil
}

func (a *App) bundleVerifyCmd() *cobra.Command {
	var k bundleKey
	c := &cobra.Command{
		Use:   "verify FILE",
		Short: "Check a bundle file offline, as a machine checks it before activating it",
		Long: `verify checks a bundle file without the network, as pull checks a bundle
before activating it: its signature verifies with the team's public key
(--public-key, or the one the managed configuration names, with its
key_id and scope), every file's hash matches and none is unsigned or
missing, the manifest's roots hold every file, its order (sequence,
build time) is well formed, and its policy loads. It exits 0 only then,
and warns when a pull on this machine would still refuse the bundle as
not newer than the one in force.`,
		Example: `  governance bundle verify bundle.tar.gz
  governance bundle verify bundle.tar.gz --public-key team.pub`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			pub, keyID, scope, err := a.resolveKey(k)
			if err != nil {
				return err
			}
			data, err := os.ReadFile(a.absCwd(args[0]))
			if err != nil {
				return err
			}
			b, order, err := bundle.Check(data, pub, keyID, scope)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			fmt.Fprintf(a.Stdout, "%s: verified: revision %s (%s), %d files, signed with key %q\n",
				args[0], bundle.Clean(b.Manifest.Revision), order, len(b.Files), keyID)
			if p := a.paths(a.Cwd); p.ManagedDir != "" {
				if err := bundle.Replaces(p, b); err != nil {
					fmt.Fprintf(a.Stderr, "governance: warning: a pull on this machine would refuse it: %v\n", err)
				}
			}
			return nil
		},
	}
	k.flags(c)
	return c
}

func (a *App) bundleBuildCmd() *cobra.Command {
	var out, key, keyID, revision string
	var sequence int64
	c := &cobra.Command{
		Use:   "build DIR",
		Short: "Pack and sign a policy folder as a bundle",
		Long: `build packs DIR's config.yaml, rules/, agents/ and learned.yaml as a
bundle, after checking that they load as the managed layer loads them,
and signs it with the team's private key (PEM: RSA signs RS256, ECDSA
P-256 signs ES256).

The signed manifest records when the bundle was built (metadata.built)
and, with --sequence, a number the team raises with each bundle
(metadata.sequence, compared first): machines only move forward, and
refuse a bundle that orders before the one in force.`,
		Example: `  governance bundle build policy/ --signing-key team.key -o bundle.tar.gz --revision v42 --sequence 42`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if key == "" {
				return usagef("bundle build: --signing-key is required: machines only activate signed bundles")
			}
			data, err := os.ReadFile(a.absCwd(key))
			if err != nil {
				return err
			}
			signer, err := bundle.ParsePrivateKey(data)
			if err != nil {
				return fmt.Errorf("%s: %w", key, err)
			}
			tgz, b, err := bundle.Build(a.absCwd(args[0]), bundle.BuildOptions{Revision: revision, Key: signer, KeyID: keyID, Now: a.Now(), Sequence: sequence})
			if err != nil {
				return err
			}
			if err := os.WriteFile(a.absCwd(out), tgz, 0o644); err != nil {
				return err
			}
			fmt.Fprintf(a.Stdout, "built %s: revision %s, %d files, signed with key %q\n", out, bundle.Clean(b.Manifest.Revision), len(b.Files), keyIDOr(keyID))
			return nil
		},
	}
	c.Flags().StringVarP(&out, "output", "o", "bundle.tar.gz", "the bundle file to write")
	c.Flags().StringVar(&key, "signing-key", "", "the team's private key (PEM)")
	c.Flags().StringVar(&keyID, "key-id", "default", "the key's id (the JWT's kid), as machines name it")
	c.Flags().StringVar(&revision, "revision", "", "the bundle's revision (default: a hash of its files)")
	c.Flags().Int64Var(&sequence, "sequence", 0, "the bundle's place in the team's sequence (a whole number raised with each bundle)")
	return c
}

func keyIDOr(id string) string {
	if id == "" {
		return "default"
	}
	return id
}

func (a *App) bundlePushCmd() *cobra.Command {
	var k bundleKey
	c := &cobra.Command{
		Use:   "push FILE oci://REGISTRY/REPOSITORY:TAG",
		Short: "Publish a bundle to an OCI registry",
		Long: `push publishes a built bundle to an OCI registry as OPA lays bundles out
there (one .tar.gz layer), with the credentials of docker login. It first
checks the bundle as verify does (--public-key, or the key the managed
configuration names), and refuses one that machines would refuse. To
serve bundles over HTTPS instead, copy the file to any web server:
machines poll it with ETags.`,
		Example: `  governance bundle push bundle.tar.gz oci://registry.example.com/team/policy:latest --public-key team.pub`,
		Args:    cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			pub, keyID, scope, err := a.resolveKey(k)
			if err != nil {
				return err
			}
			data, err := os.ReadFile(a.absCwd(args[0]))
			if err != nil {
				return err
			}
			b, _, err := bundle.Check(data, pub, keyID, scope)
			if err != nil {
				return withHint(fmt.Errorf("%s: %w", args[0], err), "push publishes only a bundle that verifies: machines would refuse this one")
			}
			d := bundle.DefaultDeadlines
			ctx, cancel := context.WithTimeout(cmd.Context(), d.Total)
			defer cancel()
			digest, err := bundle.Push(ctx, bundle.NewClient(d, nil), args[1], data, b.Manifest.Revision)
			if err != nil {
				return err
			}
			fmt.Fprintf(a.Stdout, "pushed revision %s to %s (%s)\n", bundle.Clean(b.Manifest.Revision), args[1], digest)
			return nil
		},
	}
	k.flags(c)
	return c
}

func (a *App) bundlePullCmd() *cobra.Command {
	var quiet, allowRollback bool
	c := &cobra.Command{
		Use:   "pull",
		Short: "Fetch, verify and activate the bundle the managed configuration names",
		Long: `pull asks the source the managed configuration names (bundle: source) for
its bundle, and fetches it only when it changed (OCI digest, HTTP ETag).
It activates a new bundle only when its signature verifies with the
configured public key, every file's hash matches and its policy loads;
activation replaces a link in one rename, so that no call is decided
under half a bundle. On any failure the bundle in force stays, and status
and the decision log say why. Run it from a systemd timer or cron as the
owner of the managed folder.

Bundles only move forward: a bundle whose signed manifest orders before
the one in force (metadata.sequence, then metadata.built), or orders with
it but holds other files, is refused, so a source that serves an older
signed bundle cannot take newer denies away. --allow-rollback activates
it anyway, and status records that it did.

Every network step has a deadline (the bundle: block's connect_timeout,
first_byte_timeout and timeout; 10s, 30s and 5m unless set): a source
that never answers fails the pull, which says where it stopped.`,
		Example: `  governance bundle pull --quiet`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p := a.paths(a.Cwd)
			pl := &bundle.Puller{Paths: p, Now: a.Now, AllowRollback: allowRollback}
			res, err := pl.Pull(cmd.Context())
			if errors.Is(err, bundle.ErrNoSource) {
				return withHint(err, "set bundle: in "+filepath.Join(p.ManagedDir, "config.yaml"))
			}
			if err != nil {
				hint := ""
				if res != nil && res.Revision != "" {
					hint = "revision " + bundle.Clean(res.Revision) + " stays in force"
				}
				if errors.Is(err, bundle.ErrRollback) {
					hint = strings.TrimPrefix(hint+"; to move back on purpose: governance bundle pull --allow-rollback", "; ")
				}
				if hint != "" {
					return withHint(err, hint)
				}
				return err
			}
			if res.RolledBack != "" {
				fmt.Fprintf(a.Stderr, "governance: warning: rolled back: revision %s replaced the newer %s (recorded in %s)\n",
					bundle.Clean(res.Revision), bundle.Clean(res.RolledBack), filepath.Join(p.BundleDir(), "status.json"))
			}
			switch {
			case res.Changed:
				fmt.Fprintf(a.Stdout, "activated revision %s from %s (verified and activated in %s)\n", bundle.Clean(res.Revision), res.Status.Source, res.Activation.Round(100_000))
			case !quiet:
				fmt.Fprintf(a.Stdout, "revision %s is current\n", bundle.Clean(res.Revision))
			}
			return nil
		},
	}
	c.Flags().BoolVarP(&quiet, "quiet", "q", false, "print nothing when the bundle is current")
	c.Flags().BoolVar(&allowRollback, "allow-rollback", false, "activate a bundle older than the one in force (recorded in status)")
	return c
}
