import type { FeedFailureReason } from '../domain/feed-health.js';

/** The sentences of a `feedFailing` mail besides its body: why, the crawler's words, what happens to the offers. */
export interface FeedNoticeTexts {
  /** Why the fetch failed, in plain words; `status` is the HTTP status (0: no answer). */
  readonly reasons: Readonly<Record<FeedFailureReason, (status: number) => string>>;
  readonly technicalDetail: (detail: string) => string;
  /** A listed shop: its offers stay for the freshness window (`window`, e.g. "3 days") after their last read. */
  readonly offersStay: (window: string) => string;
  /** A shop pending activation: nothing is listed yet, the analysis waits for a readable feed. */
  readonly analysisWaits: string;
}

const en: FeedNoticeTexts = {
  reasons: {
    not_found: (s) => `The feed address answered "not found" (HTTP ${s}): the file is no longer at this address.`,
    access_denied: (s) =>
      `The server refused us access to the feed (HTTP ${s}): it may ask for a password or block our crawler.`,
    server_error: (s) => `The shop's server answered with an error (HTTP ${s}).`,
    http_error: (s) => `The feed address did not answer with a feed (HTTP ${s}).`,
    throttled: (s) =>
      `The shop's server asked us to slow down several times in a row (HTTP ${s}) and did not send the feed.`,
    timeout: () => 'The server took too long to send the feed.',
    too_large: () => 'The feed is larger than we can read.',
    redirects: () => 'The feed address redirects too often or in a loop.',
    host_not_found: () => 'The domain of the feed address could not be found (DNS).',
    address_refused: () =>
      'The feed address, or an address it redirects to, is not one we may fetch (for example an address of a private network, a port other than 80 or 443, or a user name in the URL).',
    network: () => 'We could not connect to the server (the connection failed or was cut off).',
    robots: () => "The shop's robots.txt does not let us fetch the feed.",
    unreadable: () =>
      'The file could be downloaded, but it is not a product feed we can read (Google Merchant XML, CSV or TSV).',
    other: () => 'The fetch failed.',
  },
  technicalDetail: (detail) => `Technical detail: ${detail}`,
  offersStay: (window) =>
    `The offers we read from it before stay on pricecompare with their last prices for ${window} after they were last read; after that they are no longer shown until the feed can be read again.`,
  analysisWaits: 'We can analyse your products only once the feed can be read.',
};

const de: FeedNoticeTexts = {
  reasons: {
    not_found: (s) =>
      `Die Feed-Adresse antwortete mit „nicht gefunden“ (HTTP ${s}): Die Datei liegt nicht mehr unter dieser Adresse.`,
    access_denied: (s) =>
      `Der Server hat uns den Zugriff auf den Feed verweigert (HTTP ${s}): Vielleicht verlangt er ein Passwort oder sperrt unseren Crawler.`,
    server_error: (s) => `Der Server des Shops antwortete mit einem Fehler (HTTP ${s}).`,
    http_error: (s) => `Die Feed-Adresse lieferte keinen Feed (HTTP ${s}).`,
    throttled: (s) =>
      `Der Server des Shops bat uns mehrmals hintereinander, langsamer abzurufen (HTTP ${s}), und lieferte den Feed nicht.`,
    timeout: () => 'Der Server brauchte zu lange, um den Feed zu senden.',
    too_large: () => 'Der Feed ist größer, als wir lesen können.',
    redirects: () => 'Die Feed-Adresse leitet zu oft oder im Kreis weiter.',
    host_not_found: () => 'Die Domain der Feed-Adresse wurde nicht gefunden (DNS).',
    address_refused: () =>
      'Die Feed-Adresse oder eine Adresse, auf die sie weiterleitet, dürfen wir nicht abrufen (zum Beispiel eine Adresse eines privaten Netzes, ein anderer Port als 80 oder 443 oder ein Benutzername in der URL).',
    network: () => 'Wir konnten keine Verbindung zum Server herstellen (die Verbindung schlug fehl oder brach ab).',
    robots: () => 'Die robots.txt des Shops erlaubt uns nicht, den Feed abzurufen.',
    unreadable: () =>
      'Die Datei ließ sich herunterladen, ist aber kein Produktfeed, den wir lesen können (Google Merchant XML, CSV oder TSV).',
    other: () => 'Der Abruf ist fehlgeschlagen.',
  },
  technicalDetail: (detail) => `Technische Angabe: ${detail}`,
  offersStay: (window) =>
    `Die zuvor daraus gelesenen Angebote bleiben mit ihren letzten Preisen bis ${window} nach dem letzten Lesen auf pricecompare; danach werden sie nicht mehr gezeigt, bis der Feed wieder gelesen werden kann.`,
  analysisWaits: 'Ihre Produkte können wir erst analysieren, wenn der Feed gelesen werden kann.',
};

const fr: FeedNoticeTexts = {
  reasons: {
    not_found: (s) =>
      `L’adresse du flux a répondu « introuvable » (HTTP ${s}) : le fichier n’est plus à cette adresse.`,
    access_denied: (s) =>
      `Le serveur nous a refusé l’accès au flux (HTTP ${s}) : il demande peut-être un mot de passe ou bloque notre robot.`,
    server_error: (s) => `Le serveur de la boutique a répondu par une erreur (HTTP ${s}).`,
    http_error: (s) => `L’adresse du flux n’a pas renvoyé de flux (HTTP ${s}).`,
    throttled: (s) =>
      `Le serveur de la boutique nous a demandé plusieurs fois de suite de ralentir (HTTP ${s}) et n’a pas envoyé le flux.`,
    timeout: () => 'Le serveur a mis trop de temps à envoyer le flux.',
    too_large: () => 'Le flux est plus volumineux que ce que nous pouvons lire.',
    redirects: () => 'L’adresse du flux redirige trop souvent ou en boucle.',
    host_not_found: () => 'Le domaine de l’adresse du flux est introuvable (DNS).',
    address_refused: () =>
      'L’adresse du flux, ou une adresse vers laquelle elle redirige, n’est pas une adresse que nous pouvons consulter (par exemple une adresse de réseau privé, un port autre que 80 ou 443, ou un nom d’utilisateur dans l’URL).',
    network: () => 'Nous n’avons pas pu nous connecter au serveur (la connexion a échoué ou a été interrompue).',
    robots: () => 'Le fichier robots.txt de la boutique ne nous permet pas de récupérer le flux.',
    unreadable: () =>
      'Le fichier a pu être téléchargé, mais ce n’est pas un flux de produits que nous savons lire (Google Merchant XML, CSV ou TSV).',
    other: () => 'La récupération a échoué.',
  },
  technicalDetail: (detail) => `Détail technique : ${detail}`,
  offersStay: (window) =>
    `Les offres lues auparavant dans ce flux restent sur pricecompare avec leurs derniers prix pendant ${window} après leur dernière lecture ; elles ne sont ensuite plus affichées jusqu’à ce que le flux puisse de nouveau être lu.`,
  analysisWaits: 'Nous ne pourrons analyser vos produits qu’une fois le flux lisible.',
};

const it: FeedNoticeTexts = {
  reasons: {
    not_found: (s) =>
      `L’indirizzo del feed ha risposto «non trovato» (HTTP ${s}): il file non si trova più a questo indirizzo.`,
    access_denied: (s) =>
      `Il server ci ha negato l’accesso al feed (HTTP ${s}): forse richiede una password o blocca il nostro crawler.`,
    server_error: (s) => `Il server del negozio ha risposto con un errore (HTTP ${s}).`,
    http_error: (s) => `L’indirizzo del feed non ha restituito un feed (HTTP ${s}).`,
    throttled: (s) =>
      `Il server del negozio ci ha chiesto più volte di seguito di rallentare (HTTP ${s}) e non ha inviato il feed.`,
    timeout: () => 'Il server ha impiegato troppo tempo a inviare il feed.',
    too_large: () => 'Il feed è più grande di quanto possiamo leggere.',
    redirects: () => 'L’indirizzo del feed reindirizza troppe volte o in un ciclo.',
    host_not_found: () => 'Il dominio dell’indirizzo del feed non è stato trovato (DNS).',
    address_refused: () =>
      'L’indirizzo del feed, o un indirizzo verso cui reindirizza, non è tra quelli che possiamo richiedere (ad esempio un indirizzo di una rete privata, una porta diversa da 80 o 443 o un nome utente nell’URL).',
    network: () => 'Non siamo riusciti a connetterci al server (la connessione non è riuscita o si è interrotta).',
    robots: () => 'Il robots.txt del negozio non ci consente di scaricare il feed.',
    unreadable: () =>
      'Il file è stato scaricato, ma non è un feed di prodotti che sappiamo leggere (Google Merchant XML, CSV o TSV).',
    other: () => 'Il recupero non è riuscito.',
  },
  technicalDetail: (detail) => `Dettaglio tecnico: ${detail}`,
  offersStay: (window) =>
    `Le offerte lette in precedenza da questo feed restano su pricecompare con gli ultimi prezzi per ${window} dall’ultima lettura; poi non sono più mostrate finché il feed non potrà essere letto di nuovo.`,
  analysisWaits: 'Potremo analizzare i tuoi prodotti solo quando il feed potrà essere letto.',
};

const es: FeedNoticeTexts = {
  reasons: {
    not_found: (s) =>
      `La dirección del feed respondió «no encontrado» (HTTP ${s}): el archivo ya no está en esta dirección.`,
    access_denied: (s) =>
      `El servidor nos denegó el acceso al feed (HTTP ${s}): quizá pide una contraseña o bloquea nuestro rastreador.`,
    server_error: (s) => `El servidor de la tienda respondió con un error (HTTP ${s}).`,
    http_error: (s) => `La dirección del feed no devolvió un feed (HTTP ${s}).`,
    throttled: (s) =>
      `El servidor de la tienda nos pidió varias veces seguidas que fuéramos más despacio (HTTP ${s}) y no envió el feed.`,
    timeout: () => 'El servidor tardó demasiado en enviar el feed.',
    too_large: () => 'El feed es más grande de lo que podemos leer.',
    redirects: () => 'La dirección del feed redirige demasiadas veces o en bucle.',
    host_not_found: () => 'No se encontró el dominio de la dirección del feed (DNS).',
    address_refused: () =>
      'La dirección del feed, o una dirección a la que redirige, no es una que podamos consultar (por ejemplo, una dirección de una red privada, un puerto distinto de 80 o 443 o un nombre de usuario en la URL).',
    network: () => 'No pudimos conectar con el servidor (la conexión falló o se interrumpió).',
    robots: () => 'El robots.txt de la tienda no nos permite descargar el feed.',
    unreadable: () =>
      'El archivo se pudo descargar, pero no es un feed de productos que sepamos leer (Google Merchant XML, CSV o TSV).',
    other: () => 'La descarga falló.',
  },
  technicalDetail: (detail) => `Detalle técnico: ${detail}`,
  offersStay: (window) =>
    `Las ofertas que leímos antes de este feed siguen en pricecompare con sus últimos precios durante ${window} desde la última lectura; después dejan de mostrarse hasta que el feed se pueda leer de nuevo.`,
  analysisWaits: 'Solo podremos analizar tus productos cuando el feed se pueda leer.',
};

const pt: FeedNoticeTexts = {
  reasons: {
    not_found: (s) =>
      `O endereço do feed respondeu «não encontrado» (HTTP ${s}): o ficheiro já não está neste endereço.`,
    access_denied: (s) =>
      `O servidor recusou-nos o acesso ao feed (HTTP ${s}): talvez peça uma palavra-passe ou bloqueie o nosso rastreador.`,
    server_error: (s) => `O servidor da loja respondeu com um erro (HTTP ${s}).`,
    http_error: (s) => `O endereço do feed não devolveu um feed (HTTP ${s}).`,
    throttled: (s) =>
      `O servidor da loja pediu-nos várias vezes seguidas para abrandar (HTTP ${s}) e não enviou o feed.`,
    timeout: () => 'O servidor demorou demasiado a enviar o feed.',
    too_large: () => 'O feed é maior do que conseguimos ler.',
    redirects: () => 'O endereço do feed redireciona demasiadas vezes ou em ciclo.',
    host_not_found: () => 'O domínio do endereço do feed não foi encontrado (DNS).',
    address_refused: () =>
      'O endereço do feed, ou um endereço para o qual redireciona, não é um que possamos consultar (por exemplo, um endereço de uma rede privada, uma porta diferente de 80 ou 443, ou um nome de utilizador no URL).',
    network: () => 'Não conseguimos ligar ao servidor (a ligação falhou ou foi interrompida).',
    robots: () => 'O robots.txt da loja não nos permite obter o feed.',
    unreadable: () =>
      'O ficheiro foi transferido, mas não é um feed de produtos que saibamos ler (Google Merchant XML, CSV ou TSV).',
    other: () => 'A obtenção do feed falhou.',
  },
  technicalDetail: (detail) => `Detalhe técnico: ${detail}`,
  offersStay: (window) =>
    `As ofertas que lemos antes deste feed continuam no pricecompare com os últimos preços durante ${window} após a última leitura; depois deixam de ser mostradas até o feed poder ser lido novamente.`,
  analysisWaits: 'Só poderemos analisar os seus produtos quando o feed puder ser lido.',
};

const ALL: Readonly<Record<string, FeedNoticeTexts>> = { en, de, fr, it, es, pt };

/** The owner's language, English otherwise (as the other owner mails). */
export const feedNoticeTexts = (language: string): FeedNoticeTexts => ALL[language] ?? en;

const HOUR_MS = 3_600_000;

/** The freshness window in words of the language: "3 days", "3 Tage", "36 hours". */
export function windowInWords(ms: number, language: string): string {
  const hours = Math.max(1, Math.round(ms / HOUR_MS));
  const [value, unit] = hours % 24 === 0 ? [hours / 24, 'day'] : [hours, 'hour'];
  const locale = language in ALL ? language : 'en';
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
