import type { Language } from '../taxonomy/category.js';

/** Review sites the imported reviews come from (invented), one per language. */
export const REVIEW_SITES: Readonly<Record<Language, string>> = {
  en: 'reviewhub-example.co.uk',
  de: 'testberichte-forum.example.de',
  fr: 'avis-express.example.fr',
  it: 'recensioni-facili.example.it',
  es: 'opiniones-claras.example.es',
  pt: 'opinioes-reais.example.pt',
};

export const FIRST_NAMES: Readonly<Record<Language, readonly string[]>> = {
  en: ['Oliver', 'Amelia', 'Harry', 'Isla', 'George', 'Emily', 'Jack', 'Sophie'],
  de: ['Lukas', 'Anna', 'Jonas', 'Lea', 'Felix', 'Marie', 'Stefan', 'Katrin', 'Reto', 'Nadine'],
  fr: ['Louis', 'Chloé', 'Hugo', 'Camille', 'Théo', 'Manon', 'Julien', 'Élodie'],
  it: ['Luca', 'Giulia', 'Marco', 'Chiara', 'Matteo', 'Sara', 'Alessandro', 'Francesca'],
  es: ['Pablo', 'Lucía', 'Javier', 'Carmen', 'Diego', 'Marta', 'Sergio', 'Elena'],
  pt: ['João', 'Beatriz', 'Tiago', 'Inês', 'Rui', 'Mariana', 'Pedro', 'Ana'],
};

type Tone = 'good' | 'mixed' | 'bad';

/** Titles and bodies by tone; `{noun}`, `{brand}`, `{feature}` are filled in. */
export const REVIEW_TEXTS: Readonly<
  Record<Language, Readonly<Record<Tone, { readonly titles: readonly string[]; readonly bodies: readonly string[] }>>>
> = {
  en: {
    good: {
      titles: ['Excellent value', 'Does exactly what it should', 'Very happy'],
      bodies: [
        'Great {noun} from {brand}. {feature} is as advertised and it feels well made.',
        'Bought it after comparing prices here. Works perfectly, {feature} is a highlight.',
        'Using it daily for a few weeks now. No complaints, would buy again.',
      ],
    },
    mixed: {
      titles: ['Good, not perfect', 'Decent for the price'],
      bodies: [
        'Solid {noun}, but {feature} could be better. Fine for the price.',
        'Works well overall; the instructions from {brand} are poor.',
      ],
    },
    bad: {
      titles: ['Disappointed', 'Returned it'],
      bodies: [
        'Stopped working after two weeks. Customer service was slow.',
        'Not what I expected from {brand}: {feature} is far from the spec.',
      ],
    },
  },
  de: {
    good: {
      titles: ['Top Preis-Leistung', 'Absolut empfehlenswert', 'Sehr zufrieden'],
      bodies: [
        'Tolle {noun} von {brand}. {feature} hält, was versprochen wird, und die Verarbeitung ist gut.',
        'Nach Preisvergleich hier gekauft. Funktioniert einwandfrei, {feature} überzeugt.',
        'Seit ein paar Wochen täglich im Einsatz. Keine Mängel, würde ich wieder kaufen.',
      ],
    },
    mixed: {
      titles: ['Gut, aber nicht perfekt', 'Für den Preis in Ordnung'],
      bodies: [
        'Solides Gerät, aber {feature} könnte besser sein. Für den Preis okay.',
        'Insgesamt gut, nur die Anleitung von {brand} ist dürftig.',
      ],
    },
    bad: {
      titles: ['Enttäuscht', 'Zurückgeschickt'],
      bodies: [
        'Nach zwei Wochen defekt. Der Kundendienst reagierte langsam.',
        'Von {brand} hätte ich mehr erwartet: {feature} entspricht nicht der Angabe.',
      ],
    },
  },
  fr: {
    good: {
      titles: ['Excellent rapport qualité-prix', 'Je recommande', 'Très satisfait'],
      bodies: [
        'Très bon produit {brand}. {feature} est conforme à la description et la finition est soignée.',
        'Acheté après avoir comparé les prix ici. Fonctionne parfaitement.',
        'Utilisé tous les jours depuis quelques semaines, aucun souci.',
      ],
    },
    mixed: {
      titles: ['Bien, sans plus', 'Correct pour le prix'],
      bodies: [
        'Produit correct, mais {feature} pourrait être meilleur.',
        'Globalement bien ; la notice de {brand} est trop succincte.',
      ],
    },
    bad: {
      titles: ['Déçu', 'Renvoyé'],
      bodies: [
        'Tombé en panne après deux semaines. Service client lent.',
        'Pas à la hauteur de {brand} : {feature} ne correspond pas.',
      ],
    },
  },
  it: {
    good: {
      titles: ['Ottimo rapporto qualità-prezzo', 'Consigliato', 'Molto soddisfatto'],
      bodies: [
        'Ottimo prodotto {brand}. {feature} è come descritto e la qualità è buona.',
        'Comprato dopo aver confrontato i prezzi qui. Funziona perfettamente.',
        'Lo uso ogni giorno da qualche settimana, nessun problema.',
      ],
    },
    mixed: {
      titles: ['Buono, non perfetto', 'Giusto per il prezzo'],
      bodies: [
        'Prodotto valido, ma {feature} potrebbe essere migliore.',
        'Nel complesso bene; le istruzioni di {brand} sono scarse.',
      ],
    },
    bad: {
      titles: ['Deluso', 'Reso'],
      bodies: [
        'Si è rotto dopo due settimane. Assistenza lenta.',
        'Mi aspettavo di più da {brand}: {feature} non è come indicato.',
      ],
    },
  },
  es: {
    good: {
      titles: ['Excelente relación calidad-precio', 'Muy recomendable', 'Muy contento'],
      bodies: [
        'Gran producto de {brand}. {feature} cumple lo prometido y el acabado es bueno.',
        'Lo compré tras comparar precios aquí. Funciona perfectamente.',
        'Lo uso a diario desde hace semanas, sin problemas.',
      ],
    },
    mixed: {
      titles: ['Bien, sin más', 'Correcto por el precio'],
      bodies: [
        'Producto correcto, pero {feature} podría ser mejor.',
        'En general bien; las instrucciones de {brand} son escasas.',
      ],
    },
    bad: {
      titles: ['Decepcionado', 'Lo devolví'],
      bodies: [
        'Dejó de funcionar a las dos semanas. El servicio técnico tardó.',
        'Esperaba más de {brand}: {feature} no es lo anunciado.',
      ],
    },
  },
  pt: {
    good: {
      titles: ['Excelente relação qualidade-preço', 'Recomendo', 'Muito satisfeito'],
      bodies: [
        'Ótimo produto da {brand}. {feature} é como descrito e o acabamento é bom.',
        'Comprei depois de comparar preços aqui. Funciona na perfeição.',
        'Uso todos os dias há algumas semanas, sem problemas.',
      ],
    },
    mixed: {
      titles: ['Bom, mas não perfeito', 'Razoável pelo preço'],
      bodies: [
        'Produto razoável, mas {feature} podia ser melhor.',
        'No geral bom; as instruções da {brand} são fracas.',
      ],
    },
    bad: {
      titles: ['Desiludido', 'Devolvido'],
      bodies: [
        'Avariou ao fim de duas semanas. Apoio ao cliente lento.',
        'Esperava mais da {brand}: {feature} não corresponde.',
      ],
    },
  },
};

export const toneOf = (rating: number): Tone => (rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'bad');
