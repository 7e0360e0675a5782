"""Card-set tools every game uses (DESIGN "Core v2"): locating a set, safe YAML, scenario files
read as located values, record files, rulebooks, a new set's files. They name no game."""
