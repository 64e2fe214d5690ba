"""The designers' lab: balance reports from many games (`meeple report`), with their statistics,
figures and the HTML page. Needs the `lab` extra (matplotlib, numpy) for the figures."""
