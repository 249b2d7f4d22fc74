import CancelIcon from '@mui/icons-material/Cancel';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
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
 * facet menu (opened by a click in the empty field, the search button or a
 * single space; the focus returns to the field after a choice), an options
 * menu for facets with options, free text on Enter, and clear.
 */
export function FacetSearchBar({ facets, terms, onChange, onQuickSearch }: FacetSearchBarProps) {
  const [text, setText] = useState('');
  const [menu, setMenu] = useState<'facets' | Facet | null>(null);
  // Opened by a click in the field, the facet menu leaves the focus there so typing goes on (Horizon's magic search).
  const [menuTakesFocus, setMenuTakesFocus] = useState(true);
  // After a choice the focus goes back to the field, not to the button that opened the menu.
  const [refocus, setRefocus] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const spaceDown = useRef(false);
  const offered = availableFacets(facets, terms);

  useEffect(() => {
    // Runs once the closed menu has let go of the focus.
    if (!refocus || menu) return;
    setRefocus(false);
    input.current?.focus();
  }, [refocus, menu]);

  function openFacets(takeFocus: boolean) {
    setMenuTakesFocus(takeFocus);
    setMenu('facets');
  }

  function closeMenu() {
    setMenu(null);
    setRefocus(true);
  }

  useEffect(() => {
    if (!onQuickSearch) return;
    const timer = setTimeout(() => onQuickSearch(interpretInput(text, facets).kind === 'term' ? text.trim() : ''), QUICK_SEARCH_DELAY);
    return () => clearTimeout(timer);
  }, [text, facets, onQuickSearch]);

  function add(term: SearchTerm) {
    onChange(addTerm(terms, term, facets));
    setText('');
    closeMenu();
  }

  function chooseFacet(facet: Facet) {
    if (facet.options?.length) {
      setMenuTakesFocus(true);
      setMenu(facet);
      return;
    }
    setText(`${facet.label}: `);
    closeMenu();
  }

  function type(value: string) {
    if (interpretInput(value, facets).kind === 'menu') {
      setText('');
      openFacets(true);
      return;
    }
    // Typing turns a menu opened by a click into free text (or 'Facet: value').
    if (menu === 'facets' && !menuTakesFocus) setMenu(null);
    setText(value);
  }

  function submit() {
    const typed = interpretInput(text, facets);
    if (typed.kind === 'term') add(typed.term);
    else if (typed.kind === 'menu') openFacets(true);
  }


  const optionsFacet = menu && menu !== 'facets' ? menu : null;
  return (
    <Paper ref={anchor} variant="outlined" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, px: 1, py: 0.5, mb: 1 }}>
      <IconButton size="small" aria-label="Search options" aria-haspopup="menu" onClick={() => openFacets(true)}>
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
        // 'Click here for filters …': a click in the empty field opens the facet menu.
        onClick={() => {
          if (text === '' && !menu) openFacets(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menu) setMenu(null);
          else if (event.key === 'ArrowDown' && menu === 'facets') {
            event.preventDefault();
            setMenuTakesFocus(true); // into the menu, as from the search button
          } else if (event.key === 'Enter') {
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
            openFacets(true);
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
      {/* Not modal: opened by a click in the field, it leaves the field usable (focus, typing, clicks). */}
      <Popper open={menu === 'facets' && offered.length > 0} anchorEl={anchor.current} placement="bottom-start" sx={{ zIndex: 'modal' }}>
        <Paper elevation={8}>
          <ClickAwayListener onClickAway={(event) => !anchor.current?.contains(event.target as Node) && setMenu(null)}>
            <MenuList
              aria-label="Facets"
              autoFocusItem={menuTakesFocus}
              onKeyDown={(event) => {
                if (event.key === 'Escape' || event.key === 'Tab') {
                  event.preventDefault();
                  closeMenu();
                }
              }}
            >
              {offered.map((facet) => (
                <MenuItem key={facet.name} onClick={() => chooseFacet(facet)}>
                  {facet.label}
                </MenuItem>
              ))}
            </MenuList>
          </ClickAwayListener>
        </Paper>
      </Popper>
      <Menu anchorEl={anchor.current} open={Boolean(optionsFacet)} onClose={closeMenu} disableRestoreFocus slotProps={{ list: { 'aria-label': `${optionsFacet?.label ?? ''} options` } }}>
        {optionsFacet?.options?.map((option) => (
          <MenuItem key={option.key} onClick={() => add({ facet: optionsFacet.name, value: option.key })}>
            {option.label}
          </MenuItem>
        ))}
      </Menu>
    </Paper>
  );
}

