"""Results: sheets, verification, the results pipeline (results_changed) and every use case that changes a
result, held results, archives, and the e-mails that tell a result."""
