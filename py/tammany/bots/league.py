"""The league: computer players for measuring Hard, offered in tournaments only
(`--seats`), never on the start screen. Each differs from Hard's rollout model
and from the others (docs/bots.md):

* **basher** — Easy that bashes the leader (`policies.BasherPolicy`);
* **hoarder** — Easy that hoards chips and bids high (`policies.HoarderPolicy`);
* **search** — determinized search whose rollouts play every seat uniformly at
  random (the classic "random playouts"), over a wide set of options;
* **margin** — determinized search scoring its leaves as the margin over the
  strongest rival, its rollouts played by the Hoarder for itself and a mix of
  Basher and Hoarder for its rivals;
* **exploit** — an exploiter of Hard: Hard's own search (the same config, the
  same work) whose rollouts play every rival the way Hard plays itself in its
  rollouts (the Hoarder), and whose pending-bid model is that player's bid. It
  predicts a Hard seat as well as Hard predicts itself and aims at the margin
  over the strongest rival — the aim of beating whoever leads (Hard's own
  leaves weigh the rivals' mean too; with the margin the exploiter is Hard's
  worst matchup, and a league member must not weaken because Hard changed).
"""

from dataclasses import replace

from . import hard, search
from .policies import BASHER, HOARDER, UNIFORM

POLICIES = {"basher": BASHER, "hoarder": HOARDER}

SEARCHERS = {
    "search": search.Config(work=1200, own=UNIFORM, rivals=(UNIFORM,), bid_models=(UNIFORM,),
                            place_options=10, other_options=6, max_bid_options=10,
                            horizon=6),
    "margin": search.Config(work=150, own=HOARDER, rivals=(BASHER, HOARDER),
                            bid_models=(HOARDER,), leaf="margin", place_options=8,
                            other_options=5),
    "exploit": replace(hard.CONFIG, rivals=(HOARDER,), bid_models=(HOARDER,), contender=None,
                       leaf="margin"),
}

LEVELS = tuple(POLICIES) + tuple(SEARCHERS)
