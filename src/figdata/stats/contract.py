"""The stats stage's tables checked against their pandera models before anything is
published: a table that breaks its contract is a bug, and the job fails naming
document, table, column and check (the validate stage's rules and safeguards:
one lazy call per table, pandera forced on whatever the environment says)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from figdata import schemas, tables
from figdata.validate.structural import forced_validation, validated

#: every table the shard job writes -> its model (the findings are ordinary findings)
SHARD_MODELS = {
    **{t: schemas.STATS_MODELS[t] for t in tables.STATS_TABLES},
    "findings": schemas.Findings,
}
#: the corpus job's own tables (the others are the shards' tables, checked there)
CORPUS_MODELS = {t: schemas.STATS_MODELS[t] for t in ("same_figure", "stats_summary")}


def check_tables(
    out: Mapping[str, pd.DataFrame], docs: Sequence[str], models: Mapping | None = None
) -> None:
    """Raise :class:`~figdata.validate.StructuralError` unless every table of ``out``
    named in ``models`` (default: the shard job's) meets its model; ``docs`` name the
    rows' documents in messages (a corpus table without ``doc`` is reported under all)."""
    models = SHARD_MODELS if models is None else models
    names = list(docs)
    with forced_validation():
        for table, model in models.items():
            validated(model, table, out[table], names)
