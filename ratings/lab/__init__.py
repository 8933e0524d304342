"""The ratings' quality lab: how well a pool's ratings predict its tables, parameters fitted on its earlier
tables and scored on its later ones beside Elo and openskill, a ground truth of simulated players, and the
stewards' adoption of fitted parameters (docs/ratings.md)."""
