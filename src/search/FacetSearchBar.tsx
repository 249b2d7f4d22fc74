import CancelIcon from '@mui/icons-material/Cancel';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { useEffect, useRef, useState } from 'react';
import { addTerm, availableFacets, type Facet, interpretInput, QUICK_SEARCH_DELAY, type SearchTerm, termLabel } from './facets';

export interface FacetSearchBarProps {
  facets: readonly Facet[];
  terms: readonly SearchTerm[];
  /** Called with the whole new term list on add, remove and clear (spec 1 §4.6: re-emits). */
  onChange(terms: SearchTerm[]): void;
  /** The text being typed, 300 ms after the last key (spec 1 §9 quick search). */
  onQuickSearch?(text: string): void;
}

/**
 * The search bar with facets of spec 1 §4.6: chips for the current terms, a
 * facet menu (opened by the search button or a single space), an options
 * menu for facets with options, free text on Enter, and clear.
 */
export function FacetSearchBar({ facets, terms, onChange, onQuickSearch }: FacetSearchBarProps) {
  const [text, setText] = useState('');
  const [menu, setMenu] = useState<'facets' | Facet | null>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const spaceDown = useRef(false);
  const offered = availableFacets(facets, terms);

  useEffect(() => {
    if (!onQuickSearch) return;
    const timer = setTimeout(() => onQuickSearch(interpretInput(text, facets).kind === 'term' ? text.trim() : ''), QUICK_SEARCH_DELAY);
    return () => clearTimeout(timer);
  }, [text, facets, onQuickSearch]);

  function add(term: SearchTerm) {
    onChange(addTerm(terms, term, facets));
    setText('');
    setMenu(null);
  }

  function chooseFacet(facet: Facet) {
    if (facet.options?.length) {
      setMenu(facet);
      return;
    }
    setMenu(null);
    setText(`${facet.label}: `);
    input.current?.focus();
  }

  function type(value: string) {
    if (interpretInput(value, facets).kind === 'menu') {
      setText('');
      setMenu('facets');
      return;
    }
    setText(value);
  }

  function submit() {
    const typed = interpretInput(text, facets);
    if (typed.kind === 'term') add(typed.term);
    else if (typed.kind === 'menu') setMenu('facets');
  }

  const optionsFacet = menu && menu !== 'facets' ? menu : null;
  return (
    <Paper ref={anchor} variant="outlined" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, px: 1, py: 0.5, mb: 1 }}>
      <IconButton size="small" aria-label="Search options" aria-haspopup="menu" onClick={() => setMenu('facets')}>
        <SearchIcon fontSize="small" />
      </IconButton>
      {terms.map((term) => {
        const label = termLabel(term, facets);
        return (
          <Chip
            key={`${term.facet ?? ''}=${term.value}`}
            size="small"
            label={label}
            onDelete={() => onChange(terms.filter((other) => other !== term))}
            deleteIcon={<CancelIcon aria-label={`Remove ${label}`} />}
          />
        );
      })}
      <InputBase
        inputRef={input}
        sx={{ flex: 1, minWidth: 160 }}
        placeholder="Click here for filters or full text search."
        inputProps={{ 'aria-label': 'Search' }}
        value={text}
        onChange={(event) => type(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          } else if (event.key === ' ' && text === '') {
            // Open on key up: a menu opened now would get the space's key-up and pick its first item.
            event.preventDefault();
            spaceDown.current = true;
          }
        }}
        onKeyUp={(event) => {
          if (event.key === ' ' && spaceDown.current) {
            spaceDown.current = false;
            setMenu('facets');
          }
        }}
      />
      {(terms.length > 0 || text) && (
        <IconButton
          size="small"
          aria-label="Clear search"
          onClick={() => {
            setText('');
            onChange([]);
          }}
        >
          <ClearIcon fontSize="small" />
        </IconButton>
      )}
      <Menu anchorEl={anchor.current} open={menu === 'facets' && offered.length > 0} onClose={() => setMenu(null)} slotProps={{ list: { 'aria-label': 'Facets' } }}>
        {offered.map((facet) => (
          <MenuItem key={facet.name} onClick={() => chooseFacet(facet)}>
            {facet.label}
          </MenuItem>
        ))}
      </Menu>
      <Menu anchorEl={anchor.current} open={Boolean(optionsFacet)} onClose={() => setMenu(null)} slotProps={{ list: { 'aria-label': `${optionsFacet?.label ?? ''} options` } }}>
        {optionsFacet?.options?.map((option) => (
          <MenuItem key={option.key} onClick={() => add({ facet: optionsFacet.name, value: option.key })}>
            {option.label}
          </MenuItem>
        ))}
      </Menu>
    </Paper>
  );
}

