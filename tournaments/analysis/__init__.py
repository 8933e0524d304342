"""What the verified tables say of the cards and the drafts: card statistics, pick accuracy, draft hints."""
