"""What a match leaves behind: the score sheet, rubbers and final standings."""
