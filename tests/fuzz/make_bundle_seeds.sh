#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# make_bundle_seeds.sh OUT_DIR: the seed corpus of fuzz_bundle
# (tests/fuzz/seeds/bundle): small failure bundles of dspsim "fuzz",
# build "fuzz" (what the harness opens them as) written with GNU tar in
# the ustar and the gnu formats (the latter with directory members), and
# a few a reader must refuse.  Run by hand when the format changes.
set -euo pipefail
out=$1
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
mkdir -p "$out" "$w/b/case" "$w/b/firmware" "$w/b/inputs/1"
printf 'name: seed\npipelines: []\n' >"$w/b/case/c.yaml"
printf '\177ELF not really' >"$w/b/firmware/f.elf"
printf 'RIFF....WAVEfmt ' >"$w/b/inputs/1/in.wav"
entry() { # MEMBER
    printf '{"name": "%s", "bytes": %s, "sha256": "%s"}' "$1" \
        "$(stat -c %s "$w/b/$1")" "$(sha256sum "$w/b/$1" | cut -d' ' -f1)"
}
cat >"$w/b/bundle.json" <<JSON
{
  "format": "dspsim failure bundle",
  "format_version": 1,
  "dspsim_version": "fuzz",
  "build_id": "fuzz",
  "command": "test",
  "engine": "fast",
  "case": "case/c.yaml",
  "case_path": "cases/c.yaml",
  "case_name": "seed",
  "firmware": "firmware/f.elf",
  "inputs": [{"what": "streams.s.input", "ref": "../in.wav", "member": "inputs/1/in.wav"}],
  "result": {"status": "failed", "message": "m", "cycles": 42,
             "outputs": [{"file": "case/c.yaml", "bytes": 0, "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}]},
  "members": [$(entry case/c.yaml), $(entry firmware/f.elf), $(entry inputs/1/in.wav)]
}
JSON
members=(bundle.json case/c.yaml firmware/f.elf inputs/1/in.wav)
tar --format=ustar --owner=0 --group=0 --mtime=@0 -C "$w/b" -cf "$out/ustar.tar" "${members[@]}"
tar --format=gnu --owner=0 --group=0 --mtime=@0 -C "$w/b" -cf "$out/gnu_dirs.tar" \
    bundle.json case firmware inputs
head -c 2000 "$out/ustar.tar" >"$out/truncated.tar"
ln -s ../../etc/passwd "$w/b/link"
tar --format=ustar --owner=0 --group=0 --mtime=@0 -C "$w/b" -cf "$out/symlink.tar" \
    "${members[@]}" link
