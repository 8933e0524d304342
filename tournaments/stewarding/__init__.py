"""The stewards' wing: rating bodies, sanctions of events and the stewards' pages."""
