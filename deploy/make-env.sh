#!/bin/sh
# Creates what deploy/docker-compose.yml needs and git must never see:
#   deploy/secrets/jwt-private.pem  RS256 signing key for identity
#   deploy/.env                     JWT_PRIVATE_KEY (that key as PEM text) and a
#                                   random OPERATOR_PASSWORD
# Existing files are kept, so tokens and the seeded operator survive re-runs.
set -eu
cd "$(dirname "$0")"

key=secrets/jwt-private.pem
if [ ! -f "$key" ]; then
  mkdir -p secrets
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$key"
  chmod 600 "$key"
  echo "wrote deploy/$key"
fi

if [ -f .env ]; then
  echo "deploy/.env exists; left unchanged (delete it to regenerate)"
  exit 0
fi

# Compose expands \n inside a double-quoted .env value, which keeps the PEM on
# one line here and multi-line in the container.
pem=$(awk '{ printf "%s\\n", $0 }' "$key")
password=$(openssl rand -base64 18)
umask 077
cat > .env <<ENV
JWT_PRIVATE_KEY="$pem"
OPERATOR_EMAIL=operator@storecast.local
OPERATOR_PASSWORD=$password
ENV
echo "wrote deploy/.env (operator password: $password)"
