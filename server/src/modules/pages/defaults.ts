import type { PageContentMap } from '@atelier/contract';

/**
 * The label's original texts: what every page shows until the owner's first save in
 * /admin/pages (a fresh database starts from them, so the site looks exactly as before).
 */
export const DEFAULT_PAGES: PageContentMap = {
  home: {
    kicker: {
      fr: 'Vêtements faits main · Petites séries',
      en: 'Handmade clothing · Small series',
    },
    title: {
      fr: 'Le lin, le soleil et le temps long',
      en: 'Linen, sun and slow time',
    },
    description: {
      fr: 'Des pièces amples et douces, coupées dans des fibres naturelles et teintes en couleurs de terre, pour traverser les saisons sans se presser.',
      en: 'Loose, soft pieces cut from natural fibres and dyed in earthy colours, made to carry you through the seasons without hurry.',
    },
    cta: {
      fr: 'Découvrir la collection',
      en: 'Discover the collection',
    },
    mantras: [
      {
        fr: 'Marcher lentement, regarder loin.',
        en: 'Walk slowly, look far.',
      },
      {
        fr: 'Chaque point compte.',
        en: 'Every stitch counts.',
      },
      {
        fr: 'De la place pour respirer.',
        en: 'Room to breathe.',
      },
      {
        fr: 'Se lever avec le jour.',
        en: 'Rise with the day.',
      },
      {
        fr: 'Laisser le vent décider.',
        en: 'Let the wind decide.',
      },
      {
        fr: 'Le temps est une matière.',
        en: 'Time is a fabric.',
      },
      {
        fr: 'Marée basse, cœur léger.',
        en: 'Low tide, light heart.',
      },
      {
        fr: 'Porter ce qui dure.',
        en: 'Wear what lasts.',
      },
      {
        fr: 'La beauté des choses imparfaites.',
        en: 'The beauty of imperfect things.',
      },
      {
        fr: 'Moins, mais mieux.',
        en: 'Less, but better.',
      },
      {
        fr: 'Le soleil sur la peau, le lin sur les épaules.',
        en: 'Sun on the skin, linen on the shoulders.',
      },
      {
        fr: 'Fait à la main, porté avec le cœur.',
        en: 'Made by hand, worn with heart.',
      },
      {
        fr: 'Ralentir est un luxe simple.',
        en: 'Slowing down is a simple luxury.',
      },
    ],
    heroImage: null,
    heroAlt: {
      fr: '',
      en: '',
    },
  },
  story: {
    paragraphs: [
      {
        fr: 'Tout a commencé dans un atelier de village, entre une table de coupe trop grande et une fenêtre ouverte sur les vignes. Nous voulions des vêtements qui ne pressent pas le corps, qui vieillissent bien et qu’on a envie de réparer.',
        en: 'It all began in a village workshop, between a cutting table that was too big and a window open onto the vines. We wanted clothes that do not squeeze the body, that age well and that you want to mend.',
      },
      {
        fr: 'Nos pièces sont coupées dans du lin, du coton et de la laine choisis pour leur tenue et leur douceur, teintes en petites quantités dans des couleurs de terre : l’ocre des falaises, la terracotta des toits, le vert des oliviers.',
        en: 'Our pieces are cut from linen, cotton and wool chosen for how they hang and how they feel, dyed in small batches in earthy colours: the ochre of the cliffs, the terracotta of the roofs, the green of the olive trees.',
      },
      {
        fr: 'Chaque modèle est produit en petite série par des ateliers que nous connaissons par leur prénom. Cela prend plus de temps. C’est exactement ce que nous cherchons.',
        en: 'Each design is made in small series by workshops we know by their first names. It takes longer. That is exactly what we are after.',
      },
      {
        fr: 'Portez-les longtemps, lavez-les à froid, laissez-les sécher au soleil. Ils vous le rendront.',
        en: 'Wear them for a long time, wash them cold, let them dry in the sun. They will give it back.',
      },
    ],
  },
  faq: {
    intro: {
      fr: 'Les réponses aux questions que l’on nous pose le plus souvent.',
      en: 'Answers to the questions we are asked most often.',
    },
    items: [
      {
        question: {
          fr: 'Où sont fabriqués vos vêtements ?',
          en: 'Where are your clothes made?',
        },
        answer: {
          fr: 'Nos pièces sont coupées et cousues en petites séries dans des ateliers partenaires en France et au Portugal, que nous visitons régulièrement.',
          en: 'Our pieces are cut and sewn in small series by partner workshops in France and Portugal, which we visit regularly.',
        },
      },
      {
        question: {
          fr: 'Quelles matières utilisez-vous ?',
          en: 'Which materials do you use?',
        },
        answer: {
          fr: 'Principalement du lin européen, du coton biologique et de la laine mérinos. Chaque fiche produit précise la composition.',
          en: 'Mostly European linen, organic cotton and merino wool. Each product page gives the composition.',
        },
      },
      {
        question: {
          fr: 'Comment choisir ma taille ?',
          en: 'How do I choose my size?',
        },
        answer: {
          fr: 'Nos coupes sont amples. Reportez-vous au guide des tailles ci-dessous ; entre deux tailles, prenez la plus petite.',
          en: 'Our cuts are loose. Use the size guide below; between two sizes, take the smaller one.',
        },
      },
      {
        question: {
          fr: 'Comment entretenir le lin ?',
          en: 'How do I care for linen?',
        },
        answer: {
          fr: 'Lavage à 30 °C, sans adoucissant, séchage à l’air libre. Le lin s’assouplit à chaque lavage.',
          en: 'Wash at 30 °C, without fabric softener, and dry in the open air. Linen softens with every wash.',
        },
      },
      {
        question: {
          fr: 'Où acheter vos pièces ?',
          en: 'Where can I buy your pieces?',
        },
        answer: {
          fr: 'Chez nos revendeurs indépendants. Écrivez-nous pour connaître la boutique la plus proche de chez vous.',
          en: 'From our independent stockists. Write to us to find the shop nearest to you.',
        },
      },
      {
        question: {
          fr: 'Vendez-vous en ligne ?',
          en: 'Do you sell online?',
        },
        answer: {
          fr: 'Pas pour le moment : nous préférons que nos vêtements soient essayés, touchés et conseillés en boutique.',
          en: 'Not for now: we prefer our clothes to be tried on, touched and advised in a shop.',
        },
      },
      {
        question: {
          fr: 'Proposez-vous des réparations ?',
          en: 'Do you offer repairs?',
        },
        answer: {
          fr: 'Oui. Un bouton perdu, une couture fatiguée : contactez-nous, nous réparons volontiers nos pièces.',
          en: 'Yes. A lost button, a tired seam: contact us, we gladly repair our pieces.',
        },
      },
      {
        question: {
          fr: 'Vos teintures sont-elles naturelles ?',
          en: 'Are your dyes natural?',
        },
        answer: {
          fr: 'Une partie de nos couleurs vient de teintures végétales (garance, indigo) ; les autres sont certifiées sans substances nocives.',
          en: 'Some of our colours come from plant dyes (madder, indigo); the others are certified free of harmful substances.',
        },
      },
      {
        question: {
          fr: 'Comment devenir revendeur ?',
          en: 'How do I become a stockist?',
        },
        answer: {
          fr: 'Remplissez le formulaire de la page « Devenir revendeur ». Nous répondons à chaque demande.',
          en: 'Fill in the form on the “Become a stockist” page. We answer every request.',
        },
      },
      {
        question: {
          fr: 'Comment vous contacter ?',
          en: 'How can I contact you?',
        },
        answer: {
          fr: 'Par le formulaire de contact ou par e-mail ; nous répondons en général sous deux jours ouvrés.',
          en: 'Through the contact form or by e-mail; we usually answer within two working days.',
        },
      },
    ],
    sizeGuide: [
      ['34', '36', '80-84', '62-66', '86-90', 'XS'],
      ['36', '38', '84-88', '66-70', '90-94', 'S'],
      ['38', '40', '88-92', '70-74', '94-98', 'M'],
      ['40', '42', '92-96', '74-78', '98-102', 'L'],
      ['42', '44', '96-100', '78-82', '102-106', 'XL'],
      ['44', '46', '100-106', '82-88', '106-112', 'XXL'],
    ],
  },
  retailers: {
    intro: {
      fr: 'Vous tenez une boutique qui aime les belles matières et le travail bien fait ? Nos pièces sont disponibles pour une sélection de revendeurs indépendants.',
      en: 'Do you run a shop that loves fine materials and careful work? Our pieces are available to a selection of independent stockists.',
    },
    benefits: [
      {
        fr: 'Des prix revendeur clairs, visibles dès la connexion',
        en: 'Clear trade prices, visible as soon as you sign in',
      },
      {
        fr: 'Des petites séries, réassorties au fil des saisons',
        en: 'Small series, restocked through the seasons',
      },
      {
        fr: 'Des photos et des textes prêts pour votre boutique et vos réseaux',
        en: 'Photos and texts ready for your shop and your social media',
      },
      {
        fr: 'Un interlocuteur unique, qui connaît chaque pièce',
        en: 'One contact person who knows every piece',
      },
    ],
    mantra: {
      fr: 'Grandir lentement, ensemble.',
      en: 'Growing slowly, together.',
    },
    shops: [
      {
        name: 'La Mercerie du Port',
        location: 'Sète',
        description: {
          fr: 'Une boutique de créateurs face aux bateaux, où le lin sèche au vent du large.',
          en: 'A designers’ shop facing the boats, where linen dries in the sea wind.',
        },
      },
      {
        name: 'Atelier Ocre',
        location: 'Lyon',
        description: {
          fr: 'Un concept store des pentes de la Croix-Rousse, entre céramique et vêtements.',
          en: 'A concept store on the slopes of the Croix-Rousse, between ceramics and clothing.',
        },
      },
      {
        name: 'Maison Garance',
        location: 'Bordeaux',
        description: {
          fr: 'Une maison de mode lente qui habille ses clientes depuis vingt ans.',
          en: 'A slow-fashion house that has dressed its customers for twenty years.',
        },
      },
      {
        name: 'Le Comptoir des Lins',
        location: 'Annecy',
        description: {
          fr: 'Des matières naturelles au bord du lac, choisies une à une.',
          en: 'Natural materials by the lake, chosen one by one.',
        },
      },
    ],
  },
};
