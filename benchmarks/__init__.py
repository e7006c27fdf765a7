"""Speed measured beside the peers in one run: ``make bench`` (or ``python -m benchmarks NAME``)."""
