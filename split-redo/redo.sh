#!/usr/bin/env bash
# Redo the split of issue 39 on a newer main: the move re-made by split.mjs, the hand commits of s39-pkg
# cherry-picked on top, pith/internal's names regenerated, the lock file refreshed.
#   bash /work/split/redo.sh [BASE=main] [WORKTREE=/work/wt-s39-redo] [BRANCH=s39-pkg-redo] [FROM=s39-pkg]
# Stops at a conflict it cannot settle, with what to do; `bash /work/split/redo.sh --continue` goes on.
set -euo pipefail
BASE=${BASE:-main}
WORKTREE=${WORKTREE:-/work/wt-s39-redo}
BRANCH=${BRANCH:-s39-pkg-redo}
FROM=${FROM:-s39-pkg}
SPLIT=$(cd "$(dirname "$0")" && pwd)
REPO=${REPO:-/work/main}
MOVE=$(git -C "$REPO" log --format=%H -1 --grep '^packages: move the library' "$FROM")
MESSAGE=$(git -C "$REPO" log --format=%B -1 "$MOVE")

settle() {
  # Files the later steps regenerate: take the re-made move's (HEAD's) side.
  for file in $(git diff --name-only --diff-filter=U); do
    case "$file" in
      packages/pith/src/internal.ts | test/*) git checkout --ours -- "$file" && git add "$file" ;;
      package-lock.json) git checkout --ours -- "$file" && git add "$file" ;;
      *) echo "conflict in $file: resolve it (git add), then: bash $0 --continue" >&2; exit 1 ;;
    esac
  done
  GIT_EDITOR=true git cherry-pick --continue || true
}

if [ "${1:-}" != "--continue" ]; then
  git -C "$REPO" worktree add "$WORKTREE" -b "$BRANCH" "$BASE"
  cd "$WORKTREE"
  # split.mjs needs typescript and biome: main's installed tools will do.
  ln -s "$REPO/node_modules" node_modules
  node "$SPLIT/split.mjs"
  git add -A
  git commit -q -m "$MESSAGE"
  git cherry-pick "$MOVE..$FROM" || settle
else
  cd "$WORKTREE"
  settle
fi
while [ -f .git ] && [ -e "$(git rev-parse --git-path CHERRY_PICK_HEAD)" ]; do settle; done

rm node_modules
npm install --no-audit --no-fund --ignore-scripts
node "$SPLIT/internal-names.mjs"
git add -A
git commit -q -m "pith/internal and the lock file regenerated over $(git rev-parse --short "$BASE")" || true
echo "redone in $WORKTREE on $BRANCH; now: npm run build, npm run typecheck, npm run lint (new dependencies of main go in the package.json of the package that imports them: packages-declare-what-they-import says which)"
