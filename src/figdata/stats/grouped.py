"""Sums, means and standard deviations per group that depend on the group's own values.

pandas' groupby chooses how to add a group's values from the frame around it: a
plain ``np.add.reduceat`` when the keys of the whole frame are sorted and no value
is NaN, a compensated loop otherwise. The same four values then average to
61.400000000000006 when a document is computed alone and to 61.4 inside a shard,
and the per-document cache, which joins a document computed alone with the cached
rows of the others, would change an output byte. Here every group's values are
added by ``math.fsum``, exactly rounded: a group's statistics depend on its values
alone, whatever else the frame holds (other keys before or after, unsorted keys,
NaN in other groups) and in whatever order its rows come (0.1 0.2 -0.1 -0.2 add up
to 0.0, not to 2.8e-17). It costs a few milliseconds per statistic of a shard.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd


class Groups:
    """The rows of ``frame`` grouped by ``keys`` as ``frame.groupby(keys)`` groups them
    (sorted keys, rows with a null key left out)."""

    def __init__(self, frame: pd.DataFrame, keys: list[str]):
        by = frame.groupby(keys)
        sizes = by.size()
        self.index = sizes.index
        self._sizes = sizes.to_numpy(dtype=np.int64)
        # a row with a null key has no group (NaN from ngroup)
        self._ids = by.ngroup().fillna(-1).to_numpy(dtype=np.int64)
        self._order = np.argsort(self._ids, kind="stable")

    def _segments(self, values) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(values, group of each value, start of each present group, present groups): the
        non-null values with a group, gathered by group."""
        v = np.asarray(values, dtype="float64")[self._order]
        ids = self._ids[self._order]
        keep = (ids >= 0) & ~np.isnan(v)
        if not keep.all():
            v, ids = v[keep], ids[keep]
        starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]]) if len(ids) else ids
        return v, ids, starts, ids[starts]

    @staticmethod
    def _fsums(values: np.ndarray, starts: np.ndarray) -> np.ndarray:
        """The exactly rounded sum of each segment of ``values`` starting at ``starts``."""
        quarters = values * 4.0
        if np.abs(quarters).sum() < 2.0**52 and np.array_equal(quarters, np.floor(quarters)):
            # multiples of 1/4 (ranks and their products): every partial sum is exact,
            # so adding them in any order gives fsum's result, at numpy's speed
            return np.add.reduceat(values, starts)
        vals = values.tolist()
        bounds = np.r_[starts, len(vals)].tolist()
        sums = (math.fsum(vals[a:b]) for a, b in zip(bounds[:-1], bounds[1:], strict=True))
        return np.fromiter(sums, dtype="float64", count=len(starts))

    def _per_group(self, present: np.ndarray, values: np.ndarray, empty: float) -> np.ndarray:
        out = np.full(len(self.index), empty, dtype="float64")
        out[present] = values
        return out

    def _sums_counts(self, values):
        v, ids, starts, present = self._segments(values)
        if not len(v):
            return v, ids, starts, present, np.zeros(0), np.zeros(0)
        sums = self._fsums(v, starts)
        counts = np.diff(np.r_[starts, len(v)]).astype("float64")
        return v, ids, starts, present, sums, counts

    def size(self) -> pd.Series:
        """Each group's number of rows."""
        return pd.Series(self._sizes, index=self.index)

    def count(self, values) -> pd.Series:
        """Each group's number of non-null values."""
        v = np.asarray(values, dtype="float64")
        ids = self._ids[(self._ids >= 0) & ~np.isnan(v)]
        counts = np.bincount(ids, minlength=len(self.index)).astype(np.int64)
        return pd.Series(counts, index=self.index)

    def sum(self, values) -> pd.Series:
        """Each group's sum of its non-null values (0.0 when it has none)."""
        _, _, _, present, sums, _ = self._sums_counts(values)
        return pd.Series(self._per_group(present, sums, 0.0), index=self.index)

    def mean(self, values) -> pd.Series:
        """Each group's mean of its non-null values (NaN when it has none)."""
        _, _, _, present, sums, counts = self._sums_counts(values)
        return pd.Series(self._per_group(present, sums / counts, np.nan), index=self.index)

    def std(self, values, ddof: int = 1) -> pd.Series:
        """Each group's standard deviation (two passes: mean, then squared deviations);
        NaN when it has ``ddof`` values or fewer."""
        v, ids, starts, present, sums, counts = self._sums_counts(values)
        if not len(v):
            return pd.Series(np.nan, index=self.index, dtype="float64")
        means = np.full(len(self.index), np.nan)
        means[present] = sums / counts
        dev = v - means[ids]
        squares = self._fsums(dev * dev, starts)
        with np.errstate(divide="ignore", invalid="ignore"):
            std = np.sqrt(squares / (counts - ddof))
        std[counts <= ddof] = np.nan
        return pd.Series(self._per_group(present, std, np.nan), index=self.index)

    def transform_mean(self, values) -> np.ndarray:
        """Each row's group mean (NaN for a row without a group)."""
        means = self.mean(values).to_numpy()
        out = np.full(len(self._ids), np.nan)
        has = self._ids >= 0
        out[has] = means[self._ids[has]]
        return out
