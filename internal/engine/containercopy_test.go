package engine_test

import "testing"

// TestContainerCopyOut: copying a path out of a container (cp to standard
// output or to this machine, kubectl cp, export) reads a file whose name
// the secret rules judge as they judge this machine's, and may copy a
// whole folder nobody sees: never a plain allow. A secret's name is
// refused.
func TestContainerCopyOut(t *testing.T) {
	t.Parallel()
	checkFamily(t, []familyCase{
		{"docker cp app:/app/.env - | tar -xO", deny, "secrets-env-files"},
		{"podman cp app:/app/.env -", deny, "secrets-env-files"},
		{"nerdctl cp app:/app/.env -", deny, "secrets-env-files"},
		{"docker compose cp app:/app/.env -", deny, "secrets-env-files"},
		{"docker container cp app:.env -", deny, "secrets-env-files"},
		{"kubectl cp app:/app/.env /dev/stdout", deny, "secrets-env-files"},
		{"docker cp app:/run/secrets/db_password -", deny, ""},
		{"docker cp app:/proc/1/environ -", deny, ""},
	})
	checkReadOnly(t, []readOnlyCase{
		{"docker cp app:/ -", false},
		{"docker cp app:/app - | tar -t", false},
		{"docker cp app:/app/log.txt -", false},
		{"docker export app | tar -xO", false},
		{"docker container export app", false},
		{"podman export app", false},
		{"podman volume export data", false},
		// Reads of the engine's state stay allowed.
		{"docker ps", true},
		{"docker logs app", true},
		{"docker inspect --format '{{.State.Status}}' app", true},
		{"kubectl get pods", true},
	})
}

// TestRemoteSecretPrinters: descriptions that print what a machine or an
// image was given to start with (user data, startup scripts, build
// arguments) print the secrets it needs; their narrower forms do not.
func TestRemoteSecretPrinters(t *testing.T) {
	t.Parallel()
	checkReadOnly(t, []readOnlyCase{
		{"aws ec2 describe-instance-attribute --instance-id i-1 --attribute userData", false},
		{"aws ec2 describe-instance-attribute --instance-id i-1 --attribute=userdata", false},
		{"aws ec2 describe-launch-template-versions --launch-template-id lt-1", false},
		{"aws autoscaling describe-launch-configurations", false},
		{"gcloud compute instances describe vm1", false},
		{"gcloud container clusters describe c1", false},
		{"docker history --no-trunc app", false},
		{"docker image history --no-trunc app", false},
		{"podman history --no-trunc app", false},
		{"aws ec2 describe-instance-attribute --instance-id i-1 --attribute instanceType", true},
		{"aws ec2 describe-instances", true},
		{"gcloud compute instances list", true},
		{"docker history app", true},
	})
}
